import {
  AUTH_HEADERS,
  JSONAPI_MEDIA_TYPE,
  ZCurrentUser,
  ZGoogleSignInRequest,
  ZSignInRequest,
} from "@crew/contracts";
import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
  ZodOpenApiSecuritySchemeObject,
} from "zod-openapi";
import { ZErrorDocument, ZInvalidDocument } from "./schemas.js";

/** How the five headers work, said once for the security schemes and the reference page. */
export const SESSION_TEXT = [
  "Sessions follow devise_token_auth's header contract. `POST /api/auth/sign_in` answers five headers —",
  "`access-token`, `token-type`, `client`, `expiry`, `uid` — and every authenticated request sends all five.",
  "**Rotation:** an answer may carry a new set of the five (the token is rotated once it is 5 seconds old);",
  "keep the newest set (the one with the latest `expiry`) and send it from then on. The replaced token still",
  "works for 5 seconds, so requests already under way succeed. A request with a dead or unknown token is a 401.",
  "`DELETE /api/auth/sign_out` ends the session.",
].join(" ");

const HEADER_TEXT: Record<(typeof AUTH_HEADERS)[number], string> = {
  "access-token": "The session's current token (rotates).",
  "token-type": "Always `Bearer`.",
  client: "The session's id (stays the same while it lives).",
  expiry: "When the token expires, in seconds since 1970 (compare to keep the newest set).",
  uid: "The account's email.",
};

/** One security scheme per header: a session needs all five together. */
export const securitySchemes = (): Record<string, ZodOpenApiSecuritySchemeObject> =>
  Object.fromEntries(
    AUTH_HEADERS.map((h) => [
      h,
      {
        type: "apiKey",
        in: "header",
        name: h,
        description: `${HEADER_TEXT[h]} ${h === "access-token" ? SESSION_TEXT : ""}`.trim(),
      },
    ]),
  );

export const SESSION_SECURITY = [Object.fromEntries(AUTH_HEADERS.map((h) => [h, []]))];

/** The rotated credentials an authenticated answer may carry: references to the header components. */
export const sessionHeaders = () =>
  Object.fromEntries(AUTH_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }]));

/** The header components: each of the five, as an answer carrying a rotated session sends it. */
export const sessionHeaderComponents = () =>
  Object.fromEntries(
    AUTH_HEADERS.map((h) => [
      h,
      {
        description: `${HEADER_TEXT[h]} Present when the answer rotates the session: keep the newest set.`,
        schema: { type: "string" as const },
      },
    ]),
  );

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request: an unknown parameter, filter, sort, include, attribute or a malformed body (`source.parameter` names the parameter).",
  401: "No live session: sign in (again).",
  403: "The account's permissions do not allow this.",
  404: "No such record (or not one this account may see), or no such route.",
  409: "Conflict: the body's `type` or `id` does not match the address, or the record changed in a way that forbids this.",
  413: "The body or upload is too large.",
  415: "Unsupported media type: send `application/vnd.api+json` (or `application/json`, or `multipart/form-data` for uploads).",
  422: "Invalid values: each error points at its field in `source.pointer`.",
  429: "Too many requests (sign-in attempts are rate limited).",
  500: "A fault on the server's side (logged with the request id); never an answer to bad input.",
  503: "The service is not available (the database does not answer).",
};

const errorResponseCache = new Map<number, ZodOpenApiResponseObject>();
/** One response object per status: zod-openapi registers a component by the object's identity. */
const errorResponse = (status: number): ZodOpenApiResponseObject => {
  let response = errorResponseCache.get(status);
  if (!response) {
    response = {
      id: `Error${status}`,
      description: ERROR_TEXT[status] ?? "Error.",
      content: { [JSONAPI_MEDIA_TYPE]: { schema: status === 422 ? ZInvalidDocument : ZErrorDocument } },
    };
    errorResponseCache.set(status, response);
  }
  return response;
};

/** The shared error answers of an operation. */
export const errorResponses = (statuses: readonly number[]): ZodOpenApiResponsesObject =>
  Object.fromEntries([...statuses, 500].map((s) => [String(s), errorResponse(s)]));

/** The demo's admin (README): what a newcomer on a demo install signs in with. */
const SIGN_IN_EXAMPLE = { email: "admin@example.com", password: "Demo-Password-1" };

const sessionAnswer = z
  .object({ success: z.boolean().optional(), data: ZCurrentUser })
  .meta({ id: "SessionAnswer", description: "The signed-in account with its effective permissions." });

const credentialHeaders = () =>
  z.object(
    Object.fromEntries(AUTH_HEADERS.map((h) => [h, z.string().meta({ description: HEADER_TEXT[h] })])),
  );

/** /api/auth: sign in (password, Google), check the token, sign out. */
export const authOperations = (): Record<string, Record<string, ZodOpenApiOperationObject>> => ({
  "/api/auth/sign_in": {
    post: {
      operationId: "auth.sign_in",
      tags: ["session"],
      summary: "Sign in with email and password",
      description: `Answers the account and the five session headers. ${SESSION_TEXT}`,
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: ZSignInRequest, example: SIGN_IN_EXAMPLE },
          [JSONAPI_MEDIA_TYPE]: { schema: ZSignInRequest, example: SIGN_IN_EXAMPLE },
        },
      },
      responses: {
        "200": {
          description: "Signed in: the headers carry the new session.",
          headers: credentialHeaders(),
          content: { "application/json": { schema: sessionAnswer } },
        },
        ...errorResponses([400, 401, 403, 415, 422, 429, 503]),
      },
    },
  },
  "/api/auth/google_oauth2": {
    post: {
      operationId: "auth.google",
      tags: ["session"],
      summary: "Sign in with a Google ID token",
      description: "404 when the server has no Google client id configured.",
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: ZGoogleSignInRequest },
          [JSONAPI_MEDIA_TYPE]: { schema: ZGoogleSignInRequest },
        },
      },
      responses: {
        "200": {
          description: "Signed in.",
          headers: credentialHeaders(),
          content: { "application/json": { schema: sessionAnswer } },
        },
        ...errorResponses([400, 401, 403, 404, 415, 422, 429, 503]),
      },
    },
  },
  "/api/auth/validate_token": {
    get: {
      operationId: "auth.validate_token",
      tags: ["session"],
      summary: "Check the session (token check)",
      description: `Answers the account when the five headers name a live session; may rotate the token. ${SESSION_TEXT}`,
      security: SESSION_SECURITY,
      responses: {
        "200": {
          description: "The session lives.",
          headers: sessionHeaders(),
          content: { "application/json": { schema: sessionAnswer } },
        },
        ...errorResponses([401, 429, 503]),
      },
    },
  },
  "/api/auth/sign_out": {
    delete: {
      operationId: "auth.sign_out",
      tags: ["session"],
      summary: "Sign out",
      description: "Ends the session the headers name (404 when there is none).",
      security: SESSION_SECURITY,
      responses: {
        "200": {
          description: "Signed out.",
          content: { "application/json": { schema: z.object({ success: z.literal(true) }) } },
        },
        ...errorResponses([404, 429, 503]),
      },
    },
  },
});
