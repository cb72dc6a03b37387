import pino, { type Logger } from "pino";
import type { TConfig } from "../config.js";

export const createLogger = (config: Pick<TConfig, "LOG_LEVEL" | "NODE_ENV">): Logger =>
  pino({
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    redact: { paths: ["req.headers[\"access-token\"]", "req.headers.authorization", "req.headers.cookie", "*.password"], remove: true },
  });
