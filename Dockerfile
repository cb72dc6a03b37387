# Production image of the API server (node apps/api/dist/main.js), which also serves the built
# SPA, and of the worker (node apps/api/dist/worker.js): docker-compose.yml runs both.

FROM node:20-bookworm-slim AS build
ENV CI=true \
    TURBO_TELEMETRY_DISABLED=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# corepack cannot verify pnpm 12's signatures; npm installs it as a plain package.
RUN npm install -g pnpm@12.21.0
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/openapi/package.json packages/openapi/
COPY packages/api-client/package.json packages/api-client/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build
# Keep only what runs: the bundles import their npm dependencies from node_modules.
RUN pnpm install --frozen-lockfile --prod

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Uploaded files (and, without DATABASE_URL, the embedded database) live here; a volume in compose.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# exec form: node is PID 1 and gets SIGTERM itself, which it answers by finishing requests in flight.
CMD ["node", "apps/api/dist/main.js"]
