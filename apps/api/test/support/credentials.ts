import type { TAuthHeader } from "@crew/contracts";
import type { TAuthHeaders } from "./auth.js";

/**
 * The credentials an answer's headers carry, when they carry the complete set (else null):
 * from fetch's Headers or from Node's and autocannon's plain header objects (names in any
 * case). The fuzzer and the benches follow token rotation with it; supertest answers have
 * `credentialsOf` in auth.ts.
 */
export const credentialsIn = (headers: Headers | Readonly<Record<string, unknown>>): TAuthHeaders | null => {
  const plain =
    headers instanceof Headers
      ? null
      : new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const read = (name: TAuthHeader): string | null => {
    const value: unknown = plain ? plain.get(name) : headers instanceof Headers ? headers.get(name) : null;
    return typeof value === "string" && value !== "" ? value : null;
  };
  const [accessToken, tokenType, client, expiry, uid] = [
    read("access-token"),
    read("token-type"),
    read("client"),
    read("expiry"),
    read("uid"),
  ];
  return accessToken && tokenType && client && expiry && uid
    ? { "access-token": accessToken, "token-type": tokenType, client, expiry, uid }
    : null;
};
