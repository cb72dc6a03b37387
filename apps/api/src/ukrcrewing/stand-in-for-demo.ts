import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import type { TSiteStandIn } from "../crew-sites/stand-in-server.js";
import { startUkrCrewingStandIn, UKRCREWING_STAND_IN_KEY } from "./stand-in/ukrcrewing-stand-in.js";

/**
 * The stand-ins' one pattern (docs/outside-channels.md "Stand-ins"): on the embedded database
 * without UKRCREWING_URL (UKRCREWING_STAND_IN=auto), or whenever UKRCREWING_STAND_IN=true, the
 * UkrCrewing stand-in starts in this process and the configuration points at it. Its CVs are
 * fed after the seed from the demo applicants with a UkrCrewing id (crew-sites/demo-profiles.ts).
 */
export const ukrCrewingForDemo = async (
  config: TConfig,
  embedded: boolean,
  logger: Logger,
): Promise<{ config: TConfig; standIn: TSiteStandIn | null; stop: () => Promise<void> }> => {
  const wanted =
    config.UKRCREWING_STAND_IN === "true" ||
    (config.UKRCREWING_STAND_IN === "auto" &&
      embedded &&
      !config.UKRCREWING_URL &&
      config.NODE_ENV !== "production");
  if (!wanted) return { config, standIn: null, stop: async () => {} };
  const standIn = await startUkrCrewingStandIn();
  logger.info(`UkrCrewing: the stand-in on ${standIn.url}`);
  return {
    config: { ...config, UKRCREWING_URL: standIn.url, UKRCREWING_API_KEY: UKRCREWING_STAND_IN_KEY },
    standIn,
    stop: () => standIn.close(),
  };
};
