import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./generated/schema.js";

export type { components, operations, paths };

/** The five session headers (devise_token_auth). */
export const SESSION_HEADERS = ["access-token", "token-type", "client", "expiry", "uid"] as const;
export type TSession = Record<(typeof SESSION_HEADERS)[number], string>;

/** The five headers of an answer, or null when it carries no (complete) set. */
export const sessionOf = (headers: Headers): TSession | null => {
  const session: Partial<TSession> = {};
  for (const name of SESSION_HEADERS) {
    const value = headers.get(name);
    if (!value) return null;
    session[name] = value;
  }
  return session as TSession;
};

export interface TCrewApi {
  /** Typed calls: `api.client.GET("/api/users", { params: { query: { "filter[status]": "approved" } } })`. */
  client: Client<paths>;
  /** Signs in; later calls carry the session. Throws with the server's answer when refused. */
  signIn(email: string, password: string): Promise<components["schemas"]["SessionAnswer"]["data"]>;
  /**
   * An untyped call with the session (for a path built at run time): the status and the JSON
   * body (`{}` when there is none).
   */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** The newest session headers (null before signing in). */
  session(): TSession | null;
  /** How many times an answer rotated the token. */
  rotations(): number;
}

/**
 * A typed client of the API (types generated from GET /api/openapi.json) that follows the
 * token rotation: every answer carrying a newer set of the five headers (a later `expiry`)
 * replaces the kept set, and every request sends the kept set.
 */
export const createCrewApi = (
  baseUrl: string,
  options: { fetch?: (input: Request) => Promise<Response> } = {},
): TCrewApi => {
  let session: TSession | null = null;
  const doFetch = options.fetch ?? ((input: Request) => fetch(input));
  let rotations = 0;
  const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const keep = (answer: Response, force = false) => {
    const next = sessionOf(answer.headers);
    if (!next) return;
    if (!force && session && Number(next.expiry) < Number(session.expiry)) return;
    if (session && next["access-token"] !== session["access-token"]) rotations++;
    session = next;
  };
  const middleware: Middleware = {
    onRequest({ request }) {
      if (session) for (const name of SESSION_HEADERS) request.headers.set(name, session[name]);
      return request;
    },
    onResponse({ response }) {
      keep(response);
      return response;
    },
  };
  client.use(middleware);
  return {
    client,
    async signIn(email, password) {
      const { data, error, response } = await client.POST("/api/auth/sign_in", { body: { email, password } });
      if (!data) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(error)}`);
      keep(response, true);
      return data.data;
    },
    async send(method, path, body) {
      const headers = new Headers(session ?? {});
      if (body !== undefined) headers.set("content-type", "application/vnd.api+json");
      const response = await doFetch(
        new Request(new URL(path, baseUrl), {
          method: method.toUpperCase(),
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      keep(response);
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : {} };
    },
    session: () => session,
    rotations: () => rotations,
  };
};
