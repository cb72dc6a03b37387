import { beforeEach, describe, expect, it } from "vitest";
import {
  authRequestHeaders,
  clearAuth,
  hasStoredCredentials,
  readAuth,
  readClientId,
  storeClientId,
  storeRotatedHeaders,
} from "./auth-storage";

const answer = (token: string, expiry: number, extra: Record<string, string> = {}) =>
  new Headers({
    "access-token": token,
    "token-type": "Bearer",
    client: "c1",
    expiry: String(expiry),
    uid: "ann@example.com",
    ...extra,
  });

describe("stored session headers", () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = "uid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("stores the five headers under the spec's exact keys and sets the uid cookie", () => {
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    expect(storeRotatedHeaders(answer("t1", expiry))).toBe(true);
    expect(localStorage.getItem("access-token")).toBe("t1");
    expect(localStorage.getItem("token-type")).toBe("Bearer");
    expect(localStorage.getItem("client")).toBe("c1");
    expect(localStorage.getItem("expiry")).toBe(String(expiry));
    expect(localStorage.getItem("uid")).toBe("ann@example.com");
    expect(document.cookie).toContain("uid=ann%40example.com");
    expect(hasStoredCredentials()).toBe(true);
    expect(authRequestHeaders()).toEqual(readAuth());
  });

  it("keeps the newest token when parallel answers arrive out of order", () => {
    storeRotatedHeaders(answer("newer", 2000));
    // An answer to a request sent before the rotation, arriving late.
    expect(storeRotatedHeaders(answer("older", 1000))).toBe(false);
    expect(localStorage.getItem("access-token")).toBe("newer");
  });

  it("lets the later arrival win when expiries are equal, and a later expiry always win", () => {
    storeRotatedHeaders(answer("a", 2000));
    storeRotatedHeaders(answer("b", 2000));
    expect(localStorage.getItem("access-token")).toBe("b");
    storeRotatedHeaders(answer("c", 3000));
    expect(localStorage.getItem("access-token")).toBe("c");
  });

  it("ignores answers without a token (public calls, unchanged token)", () => {
    storeRotatedHeaders(answer("t1", 2000));
    expect(storeRotatedHeaders(new Headers({ "content-type": "application/json" }))).toBe(false);
    expect(storeRotatedHeaders(answer("", 5000))).toBe(false);
    expect(localStorage.getItem("access-token")).toBe("t1");
  });

  it("replaces an old session with a sign-in answer even when its expiry is earlier", () => {
    storeRotatedHeaders(answer("stale", 9000));
    expect(storeRotatedHeaders(answer("fresh", 5000), true)).toBe(true);
    expect(localStorage.getItem("access-token")).toBe("fresh");
  });

  it("defaults the token type to Bearer", () => {
    const headers = answer("t1", 2000);
    headers.delete("token-type");
    storeRotatedHeaders(headers);
    expect(localStorage.getItem("token-type")).toBe("Bearer");
  });

  it("has no session when any of the five keys is missing", () => {
    storeRotatedHeaders(answer("t1", 2000));
    localStorage.removeItem("client");
    expect(hasStoredCredentials()).toBe(false);
    expect(authRequestHeaders()).toEqual({});
  });

  it("clears every session key, clientId included, and keeps other keys", () => {
    storeRotatedHeaders(answer("t1", 2000));
    storeClientId(7);
    localStorage.setItem("users.filter", "{}");
    expect(readClientId()).toBe(7);
    clearAuth();
    for (const key of ["access-token", "token-type", "client", "expiry", "uid", "clientId"]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem("users.filter")).toBe("{}");
    expect(document.cookie).not.toContain("uid=ann");
  });
});
