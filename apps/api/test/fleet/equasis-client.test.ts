import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createEquasisClient, EquasisError } from "../../src/equasis/equasis-client.js";
import { startEquasisStandIn, type TEquasisStandIn } from "../../src/equasis/stand-in/stand-in-server.js";
import { STAND_IN_SHIPS } from "../../src/equasis/stand-in/ships.js";
import { isValidImo } from "@crew/contracts";

/**
 * The registry client against the stand-in Equasis: the client is the code under test (its
 * HTTP, cookies, form posts and page reading); the stand-in only serves pages shaped like the
 * site's.
 */
const ACCOUNT = { email: "coordinator@crewing.example", password: "Correct-Horse-7" };

/** A port nothing listens on: the registry unreachable. */
const closedPort = async (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 1;
      server.close(() => resolve(port));
    });
  });

describe("Equasis client against the stand-in", () => {
  let standIn: TEquasisStandIn;
  beforeAll(async () => {
    standIn = await startEquasisStandIn({ accounts: { [ACCOUNT.email]: ACCOUNT.password } });
  });
  afterAll(async () => standIn.close());

  const client = (minIntervalMs = 0) =>
    createEquasisClient({ baseUrl: standIn.url, minIntervalMs, timeoutMs: 5_000 });

  it("the stand-in's ships carry valid IMO check digits", () => {
    expect(STAND_IN_SHIPS.length).toBeGreaterThanOrEqual(60);
    expect(STAND_IN_SHIPS.filter((s) => !isValidImo(s.imo))).toEqual([]);
    expect(new Set(STAND_IN_SHIPS.map((s) => s.imo)).size).toBe(STAND_IN_SHIPS.length);
  });

  it("signs in, searches by IMO and reads the particulars from the ship page", async () => {
    const ship = STAND_IN_SHIPS[3];
    if (!ship) throw new Error("no ship");
    const session = await client().signIn(ACCOUNT.email, ACCOUNT.password);
    const found = await session.findShip(ship.imo);
    await session.close();
    expect(found).toEqual({
      imo: ship.imo,
      name: ship.name,
      callSign: ship.callSign,
      mmsi: ship.mmsi,
      flag: ship.flag,
      type: ship.type,
      yearBuilt: ship.yearBuilt,
      deadweight: ship.deadweight,
      grossTonnage: ship.grossTonnage,
      status: "In Service/Commission",
      registeredOwner: ship.registeredOwner,
      shipManager: ship.shipManager,
    });
    // Home page, login, search, ship page, logout: what a person's browser does.
    expect(standIn.requests.slice(-5).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /EquasisWeb/public/HomePage",
      "POST /EquasisWeb/authen/HomePage",
      "POST /EquasisWeb/restricted/Search",
      "POST /EquasisWeb/restricted/ShipInfo",
      "GET /EquasisWeb/authen/logout",
    ]);
  });

  it("answers null for an IMO the registry does not know", async () => {
    const session = await client().signIn(ACCOUNT.email, ACCOUNT.password);
    expect(await session.findShip("9074729")).toBeNull();
    await session.close();
  });

  it("a wrong password is a login failure, not a crash", async () => {
    const error = await client()
      .signIn(ACCOUNT.email, "wrong-password")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EquasisError);
    expect(error).toMatchObject({ failure: "login" });
    expect(String(error)).toMatch(/Equasis login or password is wrong/);
  });

  it("an unreachable registry is 'unavailable'", async () => {
    const port = await closedPort();
    const unreachable = createEquasisClient({
      baseUrl: `http://127.0.0.1:${port}`,
      minIntervalMs: 0,
      timeoutMs: 2_000,
    });
    const error = await unreachable.signIn(ACCOUNT.email, ACCOUNT.password).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EquasisError);
    expect(error).toMatchObject({ failure: "unavailable" });
  });

  it("a page it does not know is 'unexpected', never guessed at", async () => {
    const notEquasis = createServer((socket) => {
      socket.end(
        "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n<html><body><h1>Parked domain</h1></body></html>",
      );
    });
    await new Promise<void>((resolve) => notEquasis.listen(0, "127.0.0.1", () => resolve()));
    const address = notEquasis.address();
    const port = typeof address === "object" && address ? address.port : 1;
    const other = createEquasisClient({
      baseUrl: `http://127.0.0.1:${port}`,
      minIntervalMs: 0,
      timeoutMs: 2_000,
    });
    const error = await other.signIn(ACCOUNT.email, ACCOUNT.password).catch((e: unknown) => e);
    notEquasis.close();
    expect(error).toMatchObject({ failure: "unexpected" });
  });

  it("signs in again when the site ends the session", async () => {
    const ship = STAND_IN_SHIPS[10];
    if (!ship) throw new Error("no ship");
    const session = await client().signIn(ACCOUNT.email, ACCOUNT.password);
    standIn.expireSessions();
    expect((await session.findShip(ship.imo))?.name).toBe(ship.name);
    await session.close();
  });

  it("keeps its polite pace between requests", async () => {
    // The pace is a property of when the client sends, so it is read where the client sends
    // (its fetch calls): the stand-in shares this process's event loop, and under load its
    // arrival times shift by one request's delay and not the next's (a 150 ms gap was seen
    // arriving as 118 ms at load 20).
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      sent.push(performance.now());
      return realFetch(input, init);
    });
    const from = standIn.requests.length;
    try {
      const session = await client(150).signIn(ACCOUNT.email, ACCOUNT.password);
      await session.findShip(STAND_IN_SHIPS[0]?.imo ?? "");
      await session.close();
    } finally {
      spy.mockRestore();
    }
    // Sign-in, the search, the ship page and the sign-out: each one sent and each one arrived.
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(standIn.requests.length - from).toBe(sent.length);
    // The pacer spaces its turns by 150 ms; between a turn and its fetch call the client does a
    // little synchronous work (headers, cookies), which a GC pause can stretch by a few ms.
    for (let i = 1; i < sent.length; i++)
      expect((sent[i] ?? 0) - (sent[i - 1] ?? 0)).toBeGreaterThanOrEqual(140);
  });
});
