import { createCrewApi } from "@crew/api-client";
import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./session";

/** JSON of an answer, as an object (the tests read a few members of it). */
type TJson = Record<string, unknown> & { data?: unknown; errors?: unknown };

const isJson = (value: unknown): value is TJson =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The server the tests run against (playwright.config.ts decides it and hands it to the workers). */
export const e2eBaseUrl = (): string =>
  process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? "3100"}`;

/** The typed API client (@crew/api-client) over Playwright's request context, so its calls show in traces. */
export const crewApi = (request: APIRequestContext) =>
  createCrewApi(e2eBaseUrl(), {
    fetch: async (input: Request) => {
      const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
      const answer = await request.fetch(input.url, {
        method: input.method,
        headers: Object.fromEntries(input.headers.entries()),
        ...(body ? { data: body } : {}),
      });
      const bytes = await answer.body();
      return new Response(bytes.length && answer.status() !== 204 ? new Uint8Array(bytes) : null, {
        status: answer.status(),
        headers: answer.headersArray().map(({ name, value }) => [name, value] as [string, string]),
      });
    },
  });

/**
 * The real API from a test, signed in as a demo account through the typed client, which follows
 * token rotation as the browser does. Used to lay out what a flow starts from (a vessel with
 * empty rows, applicants).
 */
export const planningApi = async (request: APIRequestContext, email = "admin@example.com") => {
  const api = crewApi(request);
  await api.signIn(email, DEMO_PASSWORD);
  const call = async (
    method: "get" | "post" | "patch",
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: TJson }> => {
    const answer = await api.send(method, `/api${path}`, data);
    return { status: answer.status, body: isJson(answer.body) ? answer.body : {} };
  };
  const idOf = (body: { data?: unknown }): string => {
    const data = body.data;
    if (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string")
      return data.id;
    throw new Error(`no id in ${JSON.stringify(body).slice(0, 300)}`);
  };
  return {
    call,
    /** A vessel of our own with one manning-scale row per rank title, in this order; answers its id and row ids. */
    async vesselWithRows(name: string, rankTitles: readonly string[]) {
      const ranks = await api.client.GET("/api/ranks", { params: { query: { "page[size]": 999 } } });
      const list = (ranks.data?.data ?? []).map((r) => ({ id: r.id, title: String(r.attributes.title) }));
      const vessel = await api.client.POST("/api/vessels", {
        body: { data: { type: "vessels", attributes: { name, imo: freshImo() } } },
      });
      expect(vessel.response.status, JSON.stringify(vessel.error)).toBe(201);
      const vesselId = idOf(vessel.data ?? {});
      const rows: string[] = [];
      const rankIds: string[] = [];
      for (const title of rankTitles) {
        const rank = list.find((r) => r.title === title);
        if (!rank) throw new Error(`no rank ${title}`);
        rankIds.push(rank.id);
        const row = await api.client.POST("/api/vessels/{parentId}/manning_scales", {
          params: { path: { parentId: vesselId } },
          body: {
            data: {
              type: "manning_scales",
              relationships: { role: { data: { type: "ranks", id: rank.id } } },
            },
          },
        });
        expect(row.response.status, JSON.stringify(row.error)).toBe(201);
        rows.push(idOf(row.data ?? {}));
      }
      return { vesselId, rows, rankIds };
    },
    /** An applicant to plan. */
    async applicant(surname: string, name: string) {
      const res = await api.client.POST("/api/users", {
        body: { data: { type: "users", attributes: { surname, name } } },
      });
      expect(res.response.status, JSON.stringify(res.error)).toBe(201);
      return idOf(res.data ?? {});
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
