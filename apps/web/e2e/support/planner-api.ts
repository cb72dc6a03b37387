import { AUTH_HEADERS } from "@crew/contracts";
import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./session";

/** JSON of an answer, as an object (the tests read a few members of it). */
type TJson = Record<string, unknown> & { data?: unknown; errors?: unknown };

const isJson = (value: unknown): value is TJson =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The real API from a test, signed in as a demo account, following token rotation as the
 * browser does. Used to lay out what a flow starts from (a vessel with empty rows, applicants).
 */
export const planningApi = async (request: APIRequestContext, email = "admin@example.com") => {
  const signIn = await request.post("/api/auth/sign_in", { data: { email, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  let headers: Record<string, string> = {};
  const keep = (answer: { headers(): Record<string, string> }) => {
    const next = Object.fromEntries(AUTH_HEADERS.map((h) => [h, answer.headers()[h] ?? ""]));
    if (Object.values(next).every(Boolean)) headers = next;
  };
  keep(signIn);
  const call = async (
    method: "get" | "post" | "patch",
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: TJson }> => {
    const res = await request[method](`/api${path}`, { headers, ...(data === undefined ? {} : { data }) });
    keep(res);
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    return { status: res.status(), body: isJson(parsed) ? parsed : {} };
  };
  const idOf = (body: TJson): string => {
    const data = body.data;
    if (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string")
      return data.id;
    throw new Error(`no id in ${JSON.stringify(body).slice(0, 300)}`);
  };
  return {
    call,
    /** A vessel of our own with one manning-scale row per rank title, in this order; answers its id and row ids. */
    async vesselWithRows(name: string, rankTitles: readonly string[]) {
      const ranks = await call("get", "/ranks?page[size]=999");
      const list = Array.isArray(ranks.body.data)
        ? ranks.body.data.flatMap((r: unknown) =>
            isJson(r) &&
            typeof r.id === "string" &&
            isJson(r.attributes) &&
            typeof r.attributes.title === "string"
              ? [{ id: r.id, title: r.attributes.title }]
              : [],
          )
        : [];
      const vessel = await call("post", "/vessels", {
        data: { type: "vessels", attributes: { name, imo: freshImo() } },
      });
      expect(vessel.status, JSON.stringify(vessel.body)).toBe(201);
      const vesselId = idOf(vessel.body);
      const rows: string[] = [];
      const rankIds: string[] = [];
      for (const title of rankTitles) {
        const rank = list.find((r) => r.title === title);
        if (!rank) throw new Error(`no rank ${title}`);
        rankIds.push(rank.id);
        const row = await call("post", `/vessels/${vesselId}/manning_scales`, {
          data: { type: "manning_scales", relationships: { role: { data: { type: "ranks", id: rank.id } } } },
        });
        expect(row.status, JSON.stringify(row.body)).toBe(201);
        rows.push(idOf(row.body));
      }
      return { vesselId, rows, rankIds };
    },
    /** An applicant to plan. */
    async applicant(surname: string, name: string) {
      const res = await call("post", "/users", { data: { type: "users", attributes: { surname, name } } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return idOf(res.body);
    },
    /** A plan on a row (a vacancy unless a seafarer is given). */
    async plan(rowId: string, start: string, end: string, userId?: string, status?: string) {
      const res = await call("post", "/time_plans", {
        data: {
          type: "time_plans",
          attributes: { start, end, status: status ?? (userId ? "approved" : "vacancy") },
          relationships: {
            manning_scale: { data: { type: "manning_scales", id: rowId } },
            ...(userId ? { user: { data: { type: "users", id: userId } } } : {}),
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return idOf(res.body);
    },
  };
};

let imoSeq = 200_000 + Math.floor(Math.random() * 600_000);
/** A fresh IMO number with its check digit (weights 7..2). */
export const freshImo = (): string => {
  imoSeq += 1;
  const first6 = String(imoSeq).padStart(6, "0").slice(-6);
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

/** ISO day `n` days from today. */
export const dayFromToday = (n: number): string =>
  new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
