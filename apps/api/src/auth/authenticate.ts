import type { RequestHandler } from "express";
import type { TDeps } from "../deps.js";
import { AppError } from "../errors/app-error.js";

// Placeholder: token validation and rotation are built in the authentication work.
export const authenticate = (_deps: TDeps): RequestHandler => (_req, _res, next) => next(AppError.unauthorized());
