import { Router } from "express";
import type { TDeps } from "../deps.js";

// Placeholder: sign-in routes are built in the authentication work.
export const authRouter = (_deps: TDeps): Router => Router();
