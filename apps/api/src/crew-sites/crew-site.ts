import { setTimeout as sleep } from "node:timers/promises";
import type { TExternalField, TExternalSeaService } from "@crew/contracts";

/**
 * What the clients of the crew job sites (UkrCrewing, Crewell; docs/outside-channels.md) have
 * in common: the profile they read, how they fail, and one HTTP call with a timeout and retries.
 */
export interface TSiteProfile {
  /** The fields the site has (absent or null: the site shows nothing for it). */
  fields: Partial<Record<TExternalField, string | number | null>>;
  seaService: TExternalSeaService[];
}

export type TSiteFailure =
  /** The site has no profile with this id. */
  | "not-found"
  /** The site refused our credentials. */
  | "refused"
  /** Not reachable, or answered with a server error after the retries. */
  | "unavailable"
  /** Did not answer in time after the retries. */
  | "timeout"
  /** Answered with something the client does not recognise (the site changed its pages). */
  | "unreadable";

export class CrewSiteError extends Error {
  constructor(
    readonly failure: TSiteFailure,
    message: string,
  ) {
    super(message);
    this.name = "CrewSiteError";
  }
}

export interface TSiteHttpOptions {
  /** Site name for messages ("UkrCrewing"). */
  site: string;
  timeoutMs: number;
  /** Further attempts after a network failure, a timeout, a 429 or a 5xx. */
  retries: number;
  /** First pause between attempts, doubled each time. */
  backoffMs: number;
}

export interface TSiteAnswer {
  status: number;
  body: string;
}

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * One GET with a timeout and retries. The credentials travel in `headers` only: the address
 * may be logged by callers, the headers never are, and no error message carries either.
 */
export const siteGet = async (
  url: string,
  headers: Record<string, string>,
  options: TSiteHttpOptions,
): Promise<TSiteAnswer> => {
  let lastFailure: "unavailable" | "timeout" = "unavailable";
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
    try {
      const response = await fetch(url, {
        headers,
        redirect: "error",
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body = await response.text();
      if (retryable(response.status)) {
        lastFailure = "unavailable";
        continue;
      }
      return { status: response.status, body };
    } catch (error) {
      lastFailure = error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unavailable";
    }
  }
  throw new CrewSiteError(
    lastFailure,
    lastFailure === "timeout"
      ? `${options.site} did not answer in time; nothing was changed. Try again later.`
      : `${options.site} could not be reached; nothing was changed. Try again later.`,
  );
};

/** The answer of a profile request, its status checked: the body of a 200, else the failure. */
export const profileBody = (answer: TSiteAnswer, site: string, id: string): string => {
  if (answer.status === 200) return answer.body;
  if (answer.status === 404) throw new CrewSiteError("not-found", `${site} has no profile with the id ${id}`);
  if (answer.status === 401 || answer.status === 403)
    throw new CrewSiteError("refused", `${site} refused our credentials`);
  throw new CrewSiteError("unreadable", `${site} answered ${answer.status}; nothing was changed`);
};

/** A day as yyyy-mm-dd from the shapes sites write ("2026-03-01", "01.03.2026"); null when it is not one. */
export const dayOf = (text: string | null | undefined): string | null => {
  if (!text) return null;
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  if (dotted) return `${dotted[3]}-${dotted[2]}-${dotted[1]}`;
  return null;
};
