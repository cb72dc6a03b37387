import express, { type Express } from "express";

/**
 * `x-api-pid` on every answer: which of several API processes answered. Mounted by serve.ts
 * only for a cluster worker under NODE_ENV=test (test/api-processes.test.ts); a process id is
 * nothing a client needs in production.
 */
export const withProcessId = (app: Express): Express => {
  const outer = express();
  outer.disable("x-powered-by");
  outer.use((_req, res, next) => {
    res.setHeader("x-api-pid", String(process.pid));
    next();
  });
  outer.use(app);
  return outer;
};
