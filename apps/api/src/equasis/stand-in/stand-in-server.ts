import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { homePage, restrictedHome, searchResultPage, shipInfoPage } from "./pages.js";
import { STAND_IN_SHIPS, type TStandInShip } from "./ships.js";

/**
 * A local stand-in for Equasis (the vessel registry has no API and is unreachable from
 * tests and demos): the same addresses, form fields, session cookie and page shapes, over
 * a fixed set of ships. The real client (../equasis-client.ts) is what tests exercise.
 */
export interface TStandInOptions {
  /** Accounts it accepts: email → password. */
  accounts?: Readonly<Record<string, string>>;
  /** A password it accepts for any email (the demo: documented in the README). */
  anyEmailPassword?: string;
  ships?: readonly TStandInShip[];
  host?: string;
  /** 0: any free port. */
  port?: number;
}

export interface TStandInRequest {
  method: string;
  path: string;
  at: number;
}

export interface TEquasisStandIn {
  /** Base address to configure as EQUASIS_URL. */
  url: string;
  /** Every request it served, in order (tests check the client's pace). */
  requests: TStandInRequest[];
  /** Ends every session (a registry that logged everyone out). */
  expireSessions(): void;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const COOKIE = "JSESSIONID";

const readForm = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy(new Error("body too large"));
    });
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });

const cookieOf = (req: IncomingMessage): string | undefined => {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return undefined;
};

const send = (
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, { "content-type": "text/html;charset=UTF-8", ...headers });
  res.end(html);
};

const today = (): string => {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

export const startEquasisStandIn = async (options: TStandInOptions = {}): Promise<TEquasisStandIn> => {
  const ships = options.ships ?? STAND_IN_SHIPS;
  const sessions = new Map<string, string>();
  const requests: TStandInRequest[] = [];
  const accepts = (email: string, password: string): boolean =>
    (options.accounts !== undefined &&
      Object.hasOwn(options.accounts, email) &&
      options.accounts[email] === password) ||
    (options.anyEmailPassword !== undefined &&
      /^[^@\s]+@[^@\s]+$/.test(email) &&
      password === options.anyEmailPassword);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push({ method: req.method ?? "GET", path: url.pathname, at: Date.now() });
    const session = cookieOf(req);
    const email = session ? sessions.get(session) : undefined;

    if (
      url.pathname === "/EquasisWeb/public/HomePage" ||
      url.pathname === "/" ||
      url.pathname === "/EquasisWeb"
    ) {
      return send(res, 200, homePage());
    }
    if (url.pathname === "/EquasisWeb/authen/HomePage" && req.method === "POST") {
      const form = await readForm(req);
      const login = (form.get("j_email") ?? "").trim().toLowerCase();
      if (!accepts(login, form.get("j_password") ?? "")) {
        return send(res, 200, homePage("Your login or password is incorrect. Please try again."));
      }
      const id = randomBytes(16).toString("hex").toUpperCase();
      sessions.set(id, login);
      return send(res, 200, restrictedHome(login), {
        "set-cookie": `${COOKIE}=${id}; Path=/EquasisWeb; HttpOnly`,
      });
    }
    if (url.pathname === "/EquasisWeb/authen/logout") {
      if (session) sessions.delete(session);
      res.writeHead(302, { location: "/EquasisWeb/public/HomePage" });
      return void res.end();
    }
    if (url.pathname.startsWith("/EquasisWeb/restricted/")) {
      // Equasis sends a visitor without a live session back to the public home page.
      if (!email) {
        res.writeHead(302, { location: "/EquasisWeb/public/HomePage?fs=HomePage" });
        return void res.end();
      }
      if (req.method !== "POST") return send(res, 405, "<p>Method not allowed</p>");
      const form = await readForm(req);
      if (url.pathname === "/EquasisWeb/restricted/Search") {
        const term = (form.get("P_ENTREE_HOME") ?? "").trim();
        const upper = term.toUpperCase();
        const found = term
          ? ships.filter((s) => s.imo === term || (upper.length >= 3 && s.name.includes(upper)))
          : [];
        return send(res, 200, searchResultPage(found, term));
      }
      if (url.pathname === "/EquasisWeb/restricted/ShipInfo") {
        const ship = ships.find((s) => s.imo === (form.get("P_IMO") ?? "").trim());
        if (!ship) return send(res, 200, searchResultPage([], form.get("P_IMO") ?? ""));
        return send(res, 200, shipInfoPage(ship, today()));
      }
    }
    send(res, 404, "<h1>Page not found</h1>");
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, "<h1>Internal error</h1>");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string")
    throw new Error("the Equasis stand-in has no TCP address");
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${address.port}`,
    requests,
    expireSessions: () => sessions.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
