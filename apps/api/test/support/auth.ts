import request from "supertest";
import type { Response } from "supertest";
import type { Express } from "express";
import { AUTH_HEADERS, type TAuthHeader, type TRole } from "@crew/contracts";
import { createClient, TEST_PASSWORD } from "./factories.js";
import { testApp } from "./deps.js";

/** The five devise_token_auth headers, as a client stores them. */
export type TAuthHeaders = Record<TAuthHeader, string>;

/** The credentials in a response's headers, or null when it carries none. */
export const credentialsOf = (res: Response): TAuthHeaders | null => {
  const headers: Partial<TAuthHeaders> = {};
  for (const name of AUTH_HEADERS) {
    const value: unknown = res.headers[name];
    if (typeof value !== "string" || value === "") return null;
    headers[name] = value;
  }
  return headers as TAuthHeaders;
};

/** What a client keeps after an answer: the rotated credentials when the answer sent some, else the ones it had. */
export const rotatedHeaders = (res: Response, previous: TAuthHeaders): TAuthHeaders =>
  credentialsOf(res) ?? previous;

/** Signs in with email and password through the real POST /api/auth/sign_in. */
export const signInWith = async (email: string, password = TEST_PASSWORD, app: Express = testApp()) => {
  const res = await request(app).post("/api/auth/sign_in").send({ email, password });
  const headers = credentialsOf(res);
  if (res.status !== 200 || !headers)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { res, headers };
};

/**
 * A fresh account of `role` (unique email) signed in through the real sign-in route.
 * Send `headers` with each request: `request(app).get(url).set(headers)`. A token is
 * rotated once it is 5 s old and the replaced one dies 5 s later, so a test that runs
 * longer than that should carry on with `rotatedHeaders(res, headers)`.
 */
export const signInAs = async (role: TRole = "guest", app: Express = testApp()) => {
  const client = await createClient({ role });
  const { headers } = await signInWith(client.email, TEST_PASSWORD, app);
  return { client, headers };
};
