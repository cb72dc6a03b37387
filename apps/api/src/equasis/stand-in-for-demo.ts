import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import { startEquasisStandIn } from "./stand-in/stand-in-server.js";

/** The password the demo stand-in accepts for any Equasis email (README: vessel registry). */
export const STAND_IN_DEMO_PASSWORD = "Equasis-Demo-1";

/**
 * Equasis is a web site these machines cannot reach, and a laptop demo has no account: on the
 * embedded database without EQUASIS_URL (EQUASIS_STAND_IN=auto), or whenever
 * EQUASIS_STAND_IN=true, the local stand-in starts in this process on a free port and the
 * registry client is pointed at it. Never in production unless asked for.
 */
export const registryForDemo = async (
  config: TConfig,
  embedded: boolean,
  logger: Logger,
): Promise<{ config: TConfig; stop: () => Promise<void> }> => {
  const wanted =
    config.EQUASIS_STAND_IN === "true" ||
    (config.EQUASIS_STAND_IN === "auto" &&
      embedded &&
      !config.EQUASIS_URL &&
      config.NODE_ENV !== "production");
  if (!wanted) return { config, stop: async () => {} };
  const standIn = await startEquasisStandIn({ anyEmailPassword: STAND_IN_DEMO_PASSWORD });
  logger.info(
    `vessel registry: the Equasis stand-in on ${standIn.url} (any email, password ${STAND_IN_DEMO_PASSWORD})`,
  );
  return { config: { ...config, EQUASIS_URL: standIn.url }, stop: () => standIn.close() };
};
