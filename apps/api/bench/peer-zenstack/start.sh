#!/bin/sh
# Started by bench:cost with DATABASE_URL and PORT set.
cd "$(dirname "$0")" && exec node --import tsx server.mjs
