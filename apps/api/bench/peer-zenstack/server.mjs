// The peer of bench:cost: ZenStack 3's automatic JSON:API handler (RestApiHandler) over the same
// tables the API reads, with Express 5 and a pool of 10 connections like ours. No
// authentication, no permissions, no request log: what a generated CRUD API costs.
import "./polyfill.mjs";
import express from "express";
import pg from "pg";
import { PostgresDialect } from "kysely";
import { ZenStackClient } from "@zenstackhq/orm";
import { RestApiHandler } from "@zenstackhq/server/api";
import { ZenStackMiddleware } from "@zenstackhq/server/express";
import { schema } from "./node_modules/.generated/schema.ts";

const port = Number(process.env.PORT ?? 3499);
if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL names the database bench:cost made");
const client = new ZenStackClient(schema, {
  dialect: new PostgresDialect({
    pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
  }),
});
const app = express();
app.disable("x-powered-by");
app.use(express.json({ type: ["application/json", "application/vnd.api+json"] }));
app.use(
  "/api",
  ZenStackMiddleware({
    apiHandler: new RestApiHandler({ schema, endpoint: `http://127.0.0.1:${port}/api` }),
    getClient: () => client,
  }),
);
app.listen(port, "127.0.0.1", () =>
  console.log(`peer (ZenStack RestApiHandler) on http://127.0.0.1:${port}/api`),
);
