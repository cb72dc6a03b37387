import request from "supertest";
import { expect } from "vitest";
import type { TRole } from "@crew/contracts";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createOwner, createRank, createScaleRow, createVessel, unique } from "../support/factories.js";

export const api = () => request(testApp());
export const day = (d: Date) => d.toISOString().slice(0, 10);
export const date = (s: string) => new Date(`${s}T00:00:00Z`);

/** An applicant (users row) as the applicants area stores it. */
export const createApplicant = async (
  attrs: {
    surname?: string;
    name?: string;
    birthday?: string;
    rankId?: number;
    readiness?: string;
    usVisaDoe?: string;
    archived?: boolean;
    countryBirthId?: number;
    telegramUserId?: string;
  } = {},
) =>
  testDeps().db.user.create({
    data: {
      crewingApplicantId: unique("A").slice(0, 12),
      surname: attrs.surname ?? `Surname${unique("").slice(1, 7)}`,
      name: attrs.name ?? "Ivan",
      birthday: attrs.birthday ? date(attrs.birthday) : null,
      roleId: attrs.rankId ?? null,
      readinessDate: attrs.readiness ? date(attrs.readiness) : null,
      usVisaDoe: attrs.usVisaDoe ? date(attrs.usVisaDoe) : null,
      archived: attrs.archived ?? false,
      countryBirthId: attrs.countryBirthId ?? null,
      telegramUserId: attrs.telegramUserId ?? null,
    },
  });

/** The JSON:API body of a plan on a manning-scale row, with its seafarer when given. */
export const planBody = (
  rowId: number,
  attributes: Record<string, unknown>,
  userId?: number | null,
  id?: string,
) => ({
  data: {
    type: "time_plans",
    ...(id ? { id } : {}),
    attributes,
    relationships: {
      manning_scale: { data: { type: "manning_scales", id: String(rowId) } },
      ...(userId === undefined
        ? {}
        : { user: { data: userId === null ? null : { type: "users", id: String(userId) } } }),
    },
  },
});

/** Creates a plan through the API (a vacancy unless a seafarer is given) and answers its id. */
export const newPlan = async (
  headers: TAuthHeaders,
  rowId: number,
  start: string,
  end: string,
  userId?: number,
  status?: string,
) => {
  const res = await api()
    .post("/api/time_plans")
    .set(headers)
    .send(planBody(rowId, { start, end, status: status ?? (userId ? "approved" : "vacancy") }, userId));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.data.id);
};

export const planOf = (id: number) => testDeps().db.timePlan.findUniqueOrThrow({ where: { id } });

/** A signed-in account of `role` assigned to `ownerId` (a ship-owner's person). */
export const signInPartner = async (role: Extract<TRole, "partner" | "partner_view">, ownerId: number) => {
  const { client, headers } = await signInAs(role);
  await testDeps().db.assignOwner.create({ data: { clientId: client.id, ownerId } });
  return { client, headers };
};

/** Two owners' fleets: a vessel with a row each; the partner accounts belong to the first owner. */
export const twoFleets = async () => {
  const rank = await createRank();
  const [ownA, ownB] = [await createOwner(), await createOwner()];
  const [vesselA, vesselB] = [
    await createVessel({ ownerId: ownA.id }),
    await createVessel({ ownerId: ownB.id }),
  ];
  const [rowA, rowB] = [
    await createScaleRow({ vesselId: vesselA.id, rankId: rank.id }),
    await createScaleRow({ vesselId: vesselB.id, rankId: rank.id }),
  ];
  return { rank, ownA, ownB, vesselA, vesselB, rowA, rowB };
};

/** Planning tests fetch their print-outs through the shared helper. */
export { download } from "../support/download.js";
