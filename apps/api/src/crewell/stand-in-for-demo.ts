import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import type { TSiteStandIn } from "../crew-sites/stand-in-server.js";
import { CREWELL_STAND_IN_TOKEN, startCrewellStandIn } from "./stand-in/crewell-stand-in.js";

/** As ukrcrewing/stand-in-for-demo.ts, for Crewell (CREWELL_STAND_IN, CREWELL_URL). */
export const crewellForDemo = async (
  config: TConfig,
  embedded: boolean,
  logger: Logger,
): Promise<{ config: TConfig; standIn: TSiteStandIn | null; stop: () => Promise<void> }> => {
  const wanted =
    config.CREWELL_STAND_IN === "true" ||
    (config.CREWELL_STAND_IN === "auto" &&
      embedded &&
      !config.CREWELL_URL &&
      config.NODE_ENV !== "production");
  if (!wanted) return { config, standIn: null, stop: async () => {} };
  const standIn = await startCrewellStandIn();
  logger.info(`Crewell: the stand-in on ${standIn.url}`);
  return {
    config: { ...config, CREWELL_URL: standIn.url, CREWELL_API_KEY: CREWELL_STAND_IN_TOKEN },
    standIn,
    stop: () => standIn.close(),
  };
};
