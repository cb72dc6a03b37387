import express, { type Express } from "express";
import helmet from "helmet";
import type { TDeps } from "./deps.js";
import { apiNotFound, errorMiddleware } from "./errors/error-middleware.js";
import { AppError } from "./errors/app-error.js";
import { healthRouter } from "./http/health.js";
import { installRequestLog } from "./http/request-log.js";
import { inputGuard } from "./http/input-guard.js";
import { publicConfigRouter } from "./http/public-config.js";
import { cors } from "./http/cors.js";
import { compressLargeAnswers } from "./http/compress-large.js";
import { authRouter } from "./auth/auth-router.js";
import { authenticate } from "./auth/authenticate.js";
import { apiRouter } from "./resources/api-router.js";
import { serveWeb } from "./http/web.js";
import { apiReferenceRouter } from "./http/api-reference/api-reference.js";
import { telegramWebhookRouter } from "./telegram/telegram-poller.js";
import { publicJobsRouter } from "./resources/vacancies/public-jobs-router.js";
import { publicSurveyRouter } from "./resources/surveys/public-survey-router.js";
import { publicAppFormRouter } from "./resources/app-form-links/public-app-form-router.js";

export const createApp = (deps: TDeps): Express => {
  const app = express();
  app.disable("x-powered-by");
  // API answers are one user's data under rotating tokens: never cached, so no ETag to compute either.
  app.set("etag", false);
  app.set("query parser", "extended");
  // Large JSON answers leave compressed (every answer's send, installed once: no middleware).
  compressLargeAnswers(app);
  if (deps.config.TRUST_PROXY) app.set("trust proxy", 1);

  installRequestLog(app, deps.logger);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Stored pictures are fetched with the session and shown through object URLs (blob:).
          "img-src": ["'self'", "data:", "blob:", "https:"],
          // Google Identity Services (the sign-in button) loads its script and talks to its host.
          "script-src": ["'self'", "https://accounts.google.com/gsi/client"],
          "connect-src": ["'self'", "https://accounts.google.com/gsi/"],
          "frame-src": ["'self'", "https:"],
          // Self-hosted installs are often plain http on a LAN address: upgrading would break them.
          "upgrade-insecure-requests": null,
        },
      },
    }),
  );
  app.use(cors(deps.config));
  app.use("/api", express.json({ type: ["application/json", "application/vnd.api+json"], limit: "1mb" }));
  app.use("/api", (req, _res, next) => {
    // A write without a JSON body is a client mistake we can name.
    const hasBody =
      Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    // multipart/form-data goes on to the upload routes, which read it themselves.
    if (
      hasBody &&
      ["POST", "PATCH", "PUT"].includes(req.method) &&
      !req.is(["application/json", "application/vnd.api+json", "multipart/form-data"])
    ) {
      next(
        new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the body as application/vnd.api+json or application/json.",
        ),
      );
      return;
    }
    next();
  });

  app.use("/api", inputGuard);
  app.use("/api", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  app.use("/api", healthRouter(deps));
  app.use("/api", publicConfigRouter(deps.config));
  app.use("/api", apiReferenceRouter());
  app.use("/api/auth", authRouter(deps));
  // Telegram has no session: its webhook proves itself with the secret-token header.
  app.use("/api", telegramWebhookRouter(deps));
  app.use("/api", authenticate(deps));
  app.use("/api", apiRouter(deps));
  app.use("/api", apiNotFound);
  // The company's public vacancies (no account): before the SPA's catch-all.
  app.use(publicJobsRouter(deps.db, deps.config));
  // A seafarer's survey form (a link with a token, no account): before the SPA's catch-all.
  app.use(publicSurveyRouter(deps));
  // A seafarer's application form (a link with a token, no account): the same.
  app.use(publicAppFormRouter(deps));
  serveWeb(app, deps.config);
  app.use(errorMiddleware(deps.logger));
  return app;
};
