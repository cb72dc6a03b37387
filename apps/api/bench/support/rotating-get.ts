import type autocannon from "autocannon";
import { credentialsIn } from "../../test/support/credentials.js";

/** A session's credentials, replaced as answers rotate them. */
export interface TRotatingAuth {
  headers: Record<string, string>;
}

/**
 * An autocannon GET of `path` that sends the newest credentials in `auth` and keeps whatever
 * rotated ones the answers carry (without `auth`, a plain GET): a run longer than a token's
 * life keeps being signed in.
 */
export const rotatingGet = (path: string, auth?: TRotatingAuth): autocannon.Request => ({
  method: "GET",
  path,
  setupRequest: (req) => (auth ? { ...req, headers: { ...req.headers, ...auth.headers } } : req),
  onResponse: (_status, _body, _context, headers) => {
    const next = auth && credentialsIn(headers ?? {});
    if (auth && next) auth.headers = next;
  },
});
