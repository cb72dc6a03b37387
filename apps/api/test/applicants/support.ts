import request from "supertest";
import { expect } from "vitest";
import { testApp, testDeps } from "../support/deps.js";
import { credentialsOf, type TAuthHeaders } from "../support/auth.js";
import { unique } from "../support/factories.js";

/**
 * Sessions whose rotated credentials are kept (a token is replaced once 5 s old and dies 5 s
 * later; these files run longer): pass a signed-in session's headers through `tracked`.
 */
const sessions = new Set<TAuthHeaders>();
export const tracked = (headers: TAuthHeaders): TAuthHeaders => {
  sessions.add(headers);
  return headers;
};
const keepRotated = (req: request.Request): void => {
  req.on("response", (res: request.Response) => {
    const next = credentialsOf(res);
    const sent = req.get("access-token");
    if (!next || !sent) return;
    for (const session of sessions) if (session["access-token"] === sent) Object.assign(session, next);
  });
};

/** The app over HTTP; every answer's rotated credentials go to the tracked session that sent it. */
export const api = () => {
  const agent = request(testApp());
  return {
    get: (url: string) => agent.get(url).use(keepRotated),
    post: (url: string) => agent.post(url).use(keepRotated),
    patch: (url: string) => agent.patch(url).use(keepRotated),
    delete: (url: string) => agent.delete(url).use(keepRotated),
  };
};

/** A surname no other test uses: lists filtered by search on it see only this test's applicants. */
export const uniqueSurname = (): string =>
  `Zz${unique("")
    .replace(/[^a-z0-9]/gi, "")
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x")}`;

let phoneSeq = Math.floor(Math.random() * 9_000_000) + 1_000_000;
/** A mobile number no other applicant has (digits differ per call and per run). */
export const uniquePhone = (): string => {
  phoneSeq += 1;
  return `+380 (67) ${String(phoneSeq).slice(0, 3)}-${String(phoneSeq).slice(3, 5)}-${String(phoneSeq).slice(5, 7)}`;
};

export interface TApplicantInput {
  surname?: string;
  name?: string;
  [key: string]: unknown;
}

/** POST /api/users as `headers`; the answer's record (201 expected). */
export const createApplicant = async (
  headers: TAuthHeaders,
  attributes: TApplicantInput = {},
  relationships?: Record<string, unknown>,
) => {
  const res = await api()
    .post("/api/users")
    .set(headers)
    .send({
      data: {
        type: "users",
        attributes: { surname: uniqueSurname(), name: "Ivan", ...attributes },
        ...(relationships ? { relationships } : {}),
      },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, { data: unknown }>;
  };
};

/** Ids of a list answer. */
export const idsOf = (body: { data: { id: string }[] }): string[] => body.data.map((d) => d.id);

export const db = () => testDeps().db;
