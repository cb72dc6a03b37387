import { expect } from "vitest";
import type { TAuthHeaders } from "../support/auth.js";
import { createRank, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, db } from "../applicants/support.js";

export { api, createApplicant, db };

export type TDoc = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
};

/** A relationship's identifier. */
export const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

/** POST a JSON:API document; the status is checked by the caller. */
export const post = (
  headers: TAuthHeaders,
  path: string,
  type: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) => api().post(path).set(headers).send({ data: { type, attributes, relationships } });

export const patch = (
  headers: TAuthHeaders,
  path: string,
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) => api().patch(path).set(headers).send({ data: { type, id, attributes, relationships } });

/** The created record of a 201 answer (valid JSON:API). */
export const created = (res: { status: number; body: { data: TDoc } }): TDoc => {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expectJsonApi(res.body);
  return res.body.data;
};

/** Sea service of an applicant through the nested create (users/{id}/expiriences). */
export const addService = async (
  headers: TAuthHeaders,
  userId: string,
  rankId: number,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
): Promise<TDoc> =>
  created(
    await post(headers, `/api/users/${userId}/expiriences`, "expiriences", attributes, {
      role: rel("ranks", rankId),
      ...relationships,
    }),
  );

/** The applicant as the list shows it (its derived columns). */
export const applicantRow = async (
  headers: TAuthHeaders,
  userId: string,
): Promise<Record<string, unknown>> => {
  const res = await api().get(`/api/users/${userId}`).set(headers);
  expect(res.status).toBe(200);
  return res.body.data.attributes as Record<string, unknown>;
};

/** A document kind of the reference list. */
export const createKind = async (title = unique("Kind")) =>
  db().applicantDocumentKind.create({ data: { title } });

export const fixtures = async () => {
  const rank = await createRank(unique("Master"));
  const otherRank = await createRank(unique("Chief Officer"));
  const vessel = await createVessel({ name: unique("MV Fleet") });
  return { rank, otherRank, vessel };
};

/** "2026-03-05" n days from today (UTC). */
export const daysFromToday = (n: number): string =>
  new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
