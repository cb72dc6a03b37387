import { setTimeout as sleep } from "node:timers/promises";
import { isLoginPage, loginMessage, loginOutcome, searchHits, shipInfo } from "./equasis-pages.js";
import type { TRegistryShip } from "./registry-ship.js";

/**
 * Client of Equasis (www.equasis.org), the vessel registry. Equasis has no API: the client
 * does what a person does in a browser: opens the home page, posts the login form with the
 * staff user's Equasis email and password, keeps the session cookie, searches a ship by IMO
 * and reads the particulars from the ship page. Requests are spaced by `minIntervalMs`
 * (the site is a shared public service; bulk parses must not hammer it).
 */
export type TEquasisFailure =
  /** Equasis refused the email and password. */
  | "login"
  /** Not reachable, too slow, or answered with a server error. */
  | "unavailable"
  /** Answered with a page the client does not recognise (the site changed). */
  | "unexpected";

export class EquasisError extends Error {
  constructor(
    readonly failure: TEquasisFailure,
    message: string,
  ) {
    super(message);
    this.name = "EquasisError";
  }
}

export interface TEquasisClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Least time between the starts of two requests to the site. */
  minIntervalMs: number;
}

export interface TEquasisSession {
  readonly email: string;
  /** The ship of this IMO number, or null when the registry has none. */
  findShip(imo: string): Promise<TRegistryShip | null>;
  close(): Promise<void>;
}

export interface TEquasisClient {
  signIn(email: string, password: string): Promise<TEquasisSession>;
}

const USER_AGENT = "Mozilla/5.0 (compatible; CrewingBackOffice registry client)";
const LOGIN_FAILED = "Equasis login or password is wrong";

interface TAnswer {
  status: number;
  html: string;
}

/**
 * One space between request starts, shared by every session of the client. Measured from when
 * the previous request really started, not from when its turn was due: a turn that woke late
 * (a busy event loop) must not shorten the next gap. Turns are taken one after another. The
 * clock is re-read after each sleep: a timer measures from the event loop's cached time, which
 * under load lags the real one, so it can wake a few milliseconds early.
 */
const pacer = (intervalMs: number) => {
  let queue: Promise<void> = Promise.resolve();
  let lastStart = -Infinity;
  return (): Promise<void> => {
    const turn = queue.then(async () => {
      for (;;) {
        const wait = lastStart + intervalMs - performance.now();
        if (wait <= 0) break;
        await sleep(Math.ceil(wait));
      }
      lastStart = performance.now();
    });
    queue = turn;
    return turn;
  };
};

export const createEquasisClient = (options: TEquasisClientOptions): TEquasisClient => {
  const pace = pacer(options.minIntervalMs);
  const origin = new URL(options.baseUrl).origin;

  /** One request with the session's cookies; cookies it sets are kept in `jar`. */
  const request = async (
    jar: Map<string, string>,
    path: string,
    form?: Record<string, string>,
  ): Promise<TAnswer> => {
    await pace();
    const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "text/html" };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    let res: Response;
    try {
      res = await fetch(new URL(path, options.baseUrl), {
        method: form ? "POST" : "GET",
        headers,
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        // A redirect to the home page is how the site says the session ended: see it, do not follow it.
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${options.timeoutMs} ms`
          : "the connection failed";
      throw new EquasisError("unavailable", `The vessel registry (${origin}) cannot be reached: ${reason}.`);
    }
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const html = await res.text().catch(() => "");
    if (res.status >= 500)
      throw new EquasisError("unavailable", `The vessel registry (${origin}) answered ${res.status}.`);
    return { status: res.status, html };
  };

  const login = async (jar: Map<string, string>, email: string, password: string): Promise<void> => {
    jar.clear();
    await request(jar, "/EquasisWeb/public/HomePage");
    const answer = await request(jar, "/EquasisWeb/authen/HomePage?fs=HomePage", {
      j_email: email,
      j_password: password,
      submit: "Login",
    });
    const outcome = answer.status === 200 ? loginOutcome(answer.html) : "unexpected";
    if (outcome === "refused")
      throw new EquasisError(
        "login",
        loginMessage(answer.html) ? `${LOGIN_FAILED}: ${loginMessage(answer.html)}` : LOGIN_FAILED,
      );
    if (outcome !== "signed-in")
      throw new EquasisError(
        "unexpected",
        `The vessel registry (${origin}) answered the login with a page this client does not know.`,
      );
  };

  return {
    async signIn(email, password) {
      const jar = new Map<string, string>();
      await login(jar, email, password);

      /** A restricted page; one new login when the session ended (Equasis drops idle sessions). */
      const restricted = async (path: string, form: Record<string, string>): Promise<string> => {
        for (let attempt = 0; ; attempt++) {
          const answer = await request(jar, path, form);
          const ended =
            (answer.status >= 300 && answer.status < 400) ||
            (answer.status === 200 && isLoginPage(answer.html));
          if (!ended && answer.status === 200) return answer.html;
          if (!ended)
            throw new EquasisError(
              "unexpected",
              `The vessel registry (${origin}) answered ${answer.status}.`,
            );
          if (attempt > 0)
            throw new EquasisError("unexpected", `The vessel registry (${origin}) keeps ending the session.`);
          await login(jar, email, password);
        }
      };

      return {
        email,
        async findShip(imo) {
          const result = searchHits(
            await restricted("/EquasisWeb/restricted/Search?fs=HomePage", {
              P_ENTREE_HOME: imo,
              "checkbox-ship": "Ship",
              Submit: "Search",
            }),
          );
          if (result === "unexpected")
            throw new EquasisError(
              "unexpected",
              `The vessel registry (${origin}) answered the search with a page this client does not know.`,
            );
          if (!result.some((hit) => hit.imo === imo)) return null;
          const ship = shipInfo(
            await restricted("/EquasisWeb/restricted/ShipInfo?fs=Search", { P_IMO: imo }),
          );
          if (ship === "unexpected")
            throw new EquasisError(
              "unexpected",
              `The vessel registry (${origin}) answered ship ${imo} with a page this client does not know.`,
            );
          return ship;
        },
        async close() {
          try {
            await request(jar, "/EquasisWeb/authen/logout");
          } catch {
            // Leaving a session open is harmless: the site ends idle sessions itself.
          }
          jar.clear();
        },
      };
    },
  };
};
