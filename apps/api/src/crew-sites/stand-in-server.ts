import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TSiteProfile } from "./crew-site.js";

/**
 * The part the crew job sites' stand-ins share (docs/outside-channels.md "Stand-ins"): a
 * `node:http` server over profiles by site id, with the levers a test pulls. Each site's
 * stand-in (ukrcrewing/stand-in, crewell/stand-in) supplies its addresses, its credentials
 * check and its page or JSON shape.
 */
export interface TSiteStandIn {
  url: string;
  /** Puts (or replaces: "the profile changed since the last fetch") the profile of a site id. */
  setProfile(id: string, profile: TSiteProfile): void;
  /** The next `n` requests answer `status` (500: the site is down). */
  failNext(n: number, status: number): void;
  /** This profile's page answers `status` every time (null: served again), the site down for some profiles only. */
  failProfile(id: string, status: number | null): void;
  /** Each answer waits this long first (a slow site; 0: none). */
  delay(ms: number): void;
  /** Serve pages of another layout (the site was redesigned): the client must say it cannot read them. */
  changeLayout(on: boolean): void;
  /** Every request: path, status, and whether it carried the right credentials. */
  readonly requests: { path: string; status: number; at: number }[];
  close(): Promise<void>;
}

export interface TSiteStandInOptions {
  profiles?: Readonly<Record<string, TSiteProfile>>;
  host?: string;
  port?: number;
}

export interface TSiteShape {
  /** The site id a path names, or null when the path is none of the site's profile addresses. */
  idOf(path: string): string | null;
  authorised(req: IncomingMessage): boolean;
  render(profile: TSiteProfile, id: string, redesigned: boolean): { contentType: string; body: string };
  notFound(): { contentType: string; body: string };
}

export const startSiteStandIn = async (
  shape: TSiteShape,
  options: TSiteStandInOptions,
): Promise<TSiteStandIn> => {
  const profiles = new Map<string, TSiteProfile>(Object.entries(options.profiles ?? {}));
  const requests: TSiteStandIn["requests"] = [];
  let failures: { n: number; status: number } = { n: 0, status: 500 };
  const failing = new Map<string, number>();
  let delayMs = 0;
  let redesigned = false;

  const send = (res: ServerResponse, path: string, status: number, contentType: string, body: string) => {
    requests.push({ path, status, at: Date.now() });
    res.writeHead(status, { "content-type": `${contentType}; charset=utf-8` });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    void (async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) return;
      if (failures.n > 0) {
        failures = { ...failures, n: failures.n - 1 };
        return send(res, path, failures.status, "text/plain", "Service temporarily unavailable");
      }
      if (req.method !== "GET") return send(res, path, 405, "text/plain", "Method not allowed");
      const id = shape.idOf(path);
      if (id === null) {
        const page = shape.notFound();
        return send(res, path, 404, page.contentType, page.body);
      }
      if (!shape.authorised(req)) return send(res, path, 401, "text/plain", "Unauthorized");
      const down = failing.get(id);
      if (down !== undefined) return send(res, path, down, "text/plain", "Service temporarily unavailable");
      const profile = profiles.get(id);
      const page = profile ? shape.render(profile, id, redesigned) : shape.notFound();
      return send(res, path, profile ? 200 : 404, page.contentType, page.body);
    })();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    setProfile: (id, profile) => void profiles.set(id, profile),
    failNext: (n, status) => {
      failures = { n, status };
    },
    failProfile: (id, status) => {
      if (status === null) failing.delete(id);
      else failing.set(id, status);
    },
    delay: (ms) => {
      delayMs = ms;
    },
    changeLayout: (on) => {
      redesigned = on;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
