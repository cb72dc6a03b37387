import { ROLES, rolePermissionMap, routeAllows, type TRole } from "@crew/contracts";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { rotatedHeaders, signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp } from "../support/deps.js";
import { ROUTE_TABLE, type TRoute } from "./route-table.js";

/**
 * Generated from the role maps: every role × every route × its verb gets exactly what the
 * map says: 403 when denied; otherwise neither 401 nor 403 nor a 5xx (404 for the missing
 * record the table names, 4xx for the empty body).
 */
const allowed = (role: TRole, route: TRoute): boolean => routeAllows(rolePermissionMap(role), route);

const label = (r: TRoute) =>
  `${r.method.toUpperCase()} ${r.path}${r.query ? `?${new URLSearchParams(r.query).toString()}` : ""}`;

describe("permission matrix", () => {
  it("declares every route's permission (a diff here is a permission change)", () => {
    expect(
      ROUTE_TABLE.map(
        (r) =>
          `${label(r)} -> ${r.permission ? `${r.permission.key}.${r.permission.action}` : "signed in"}${(r.requires ?? []).map((p) => ` + ${p.key}.${p.action}`).join("")}${r.pickerOf ? " | pickers" : ""}`,
      ),
    ).toMatchSnapshot();
  });

  const sessions = new Map<TRole, { headers: TAuthHeaders; id: number }>();
  beforeAll(async () => {
    for (const role of ROLES) {
      const { headers, client } = await signInAs(role);
      sessions.set(role, { headers, id: client.id });
    }
  });

  for (const role of ROLES) {
    it(`${role}: every route answers as the map says`, async () => {
      const session = sessions.get(role);
      if (!session) throw new Error("no session");
      const wrong: string[] = [];
      for (const route of ROUTE_TABLE) {
        const query = Object.fromEntries(
          Object.entries(route.query ?? {}).map(([k, v]) => [k, v === ":self" ? String(session.id) : v]),
        );
        let req = request(testApp())[route.method](route.path).query(query).set(session.headers);
        if (route.method === "post" || route.method === "patch") req = req.send({});
        const res = await req;
        // A role's loop outlives the 5 s rotation window: carry on with the newest token.
        session.headers = rotatedHeaders(res, session.headers);
        const expectAllowed = allowed(role, route);
        const ok = expectAllowed ? ![401, 403].includes(res.status) && res.status < 500 : res.status === 403;
        if (!ok)
          wrong.push(`${label(route)}: expected ${expectAllowed ? "allowed" : "403"}, got ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("rejects every route without a session", async () => {
    const wrong: string[] = [];
    for (const route of ROUTE_TABLE) {
      const res = await request(testApp())
        [route.method](route.path)
        .query(route.query ?? {});
      if (res.status !== 401) wrong.push(`${label(route)}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
