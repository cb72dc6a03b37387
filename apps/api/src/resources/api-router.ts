import { Router } from "express";
import type { TDeps } from "../deps.js";

export const apiRouter = (_deps: TDeps): Router => Router();
