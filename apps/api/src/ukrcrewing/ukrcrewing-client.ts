import type { TConfig } from "../config.js";
import { profileBody, siteGet, type TSiteProfile } from "../crew-sites/crew-site.js";
import { readUkrCrewingCv } from "./ukrcrewing-pages.js";

/**
 * Client of UkrCrewing (the crew job site where Ukrainian seafarers keep their CVs): reads the
 * CV page `GET {UKRCREWING_URL}/cv/{id}` with the company's API key in the X-Api-Key header, and
 * reads the page by its labels (ukrcrewing-pages.ts). The key is configuration, never logged
 * and never in an address.
 */
export interface TCrewSiteClient {
  readonly site: string;
  profile(id: string): Promise<TSiteProfile>;
}

export const SITE_RETRIES = 2;

/** `key`: the key an admin saved in the app (crew-site-keys.ts), else the configured one. */
export const ukrCrewingClient = (
  config: TConfig,
  key: string | undefined = config.UKRCREWING_API_KEY,
): TCrewSiteClient | null => {
  const base = config.UKRCREWING_URL;
  if (!base || !key) return null;
  return {
    site: "UkrCrewing",
    async profile(id) {
      const url = new URL(`cv/${encodeURIComponent(id)}`, base.endsWith("/") ? base : `${base}/`);
      const answer = await siteGet(
        url.toString(),
        { "x-api-key": key, accept: "text/html" },
        {
          site: "UkrCrewing",
          timeoutMs: config.CREW_SITES_TIMEOUT_MS,
          retries: SITE_RETRIES,
          backoffMs: 200,
        },
      );
      return readUkrCrewingCv(profileBody(answer, "UkrCrewing", id));
    },
  };
};
