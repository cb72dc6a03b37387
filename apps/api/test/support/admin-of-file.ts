import { beforeAll } from "vitest";
import { signInAs, type TAuthHeaders } from "./auth.js";

/**
 * The admin a test file works as, signed in once before the file's tests (vitest's beforeAll).
 * `headers` is one object, filled in place then, so the file can hold it in a const and hand it
 * to whatever keeps rotated credentials in it (the applicants' `tracked`); `account.id` likewise.
 */
export const adminOfFile = (): { headers: TAuthHeaders; account: { id: number } } => {
  const headers: TAuthHeaders = { "access-token": "", "token-type": "", client: "", expiry: "", uid: "" };
  const account = { id: 0 };
  beforeAll(async () => {
    const signed = await signInAs("admin");
    Object.assign(headers, signed.headers);
    account.id = signed.client.id;
  });
  return { headers, account };
};
