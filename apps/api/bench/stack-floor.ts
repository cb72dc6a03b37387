/**
 * The stack's floor, for bench:cost: Express 5 and `pg` answering bench:cost's three lists with
 * the same rows as the API and the peer (checked by the bench before timing), each list one
 * named statement and `res.json`, nothing else: no authentication, no permissions, no request
 * log, no security headers, no compression check, no error document. What a request costs on
 * this stack before any of the work an API of ours must do; the peer's and our figures read
 * against it (docs/performance.md "The stack's floor").
 *
 * Started by bench:cost as its own process with DATABASE_URL and PORT.
 */
import express, { type RequestHandler } from "express";
import pg from "pg";

const port = Number(process.env.PORT ?? 3498);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL names the database bench:cost made");
const pool = new pg.Pool({ connectionString: url, max: 10 });

type TRow = Record<string, unknown>;
const idOf = (row: TRow): string => String(row.id);
const iso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

const list =
  (name: string, text: string, shape: (rows: TRow[]) => unknown): RequestHandler =>
  (_req, res, next) => {
    pool.query<TRow>({ name, text }).then(({ rows }) => res.json(shape(rows)), next);
  };

const app = express();
app.disable("x-powered-by");
app.disable("etag");

app.get(
  "/api/ranks",
  list(
    "ranks",
    "SELECT id, title, department, crewing_priority, created_at, updated_at FROM ranks ORDER BY id LIMIT 100",
    (rows) => ({
      data: rows.map((r) => ({
        type: "ranks",
        id: idOf(r),
        attributes: {
          title: r.title,
          department: r.department,
          crewing_priority: r.crewing_priority,
          created_at: iso(r.created_at),
          updated_at: iso(r.updated_at),
        },
      })),
    }),
  ),
);

app.get(
  "/api/clients",
  list(
    "clients",
    `SELECT id, name, email, role, status, avatar, equasis_email, created_at, updated_at
       FROM clients WHERE role = 'manager' ORDER BY id LIMIT 100`,
    (rows) => ({
      data: rows.map((r) => ({
        type: "clients",
        id: idOf(r),
        attributes: {
          name: r.name,
          email: r.email,
          role: r.role,
          status: r.status,
          avatar: r.avatar,
          equasis_email: r.equasis_email,
          created_at: iso(r.created_at),
          updated_at: iso(r.updated_at),
        },
      })),
    }),
  ),
);

// Ports and their countries in one statement (the countries' columns beside each port's).
app.get(
  "/api/ports",
  list(
    "ports",
    `SELECT p.id, p.name, p.locode, p.country_id, p.created_at, p.updated_at,
            c.name AS c_name, c.code AS c_code, c.created_at AS c_created_at, c.updated_at AS c_updated_at
       FROM ports p LEFT JOIN countries c ON c.id = p.country_id ORDER BY p.id LIMIT 100`,
    (rows) => {
      const included = new Map<string, unknown>();
      const data = rows.map((r) => {
        const countryId = typeof r.country_id === "number" ? String(r.country_id) : null;
        if (countryId !== null && !included.has(countryId))
          included.set(countryId, {
            type: "countries",
            id: countryId,
            attributes: {
              name: r.c_name,
              code: r.c_code,
              created_at: iso(r.c_created_at),
              updated_at: iso(r.c_updated_at),
            },
          });
        return {
          type: "ports",
          id: idOf(r),
          attributes: {
            name: r.name,
            locode: r.locode,
            created_at: iso(r.created_at),
            updated_at: iso(r.updated_at),
          },
          relationships: {
            country: { data: countryId === null ? null : { type: "countries", id: countryId } },
          },
        };
      });
      return { data, included: [...included.values()] };
    },
  ),
);

app.listen(port, "127.0.0.1", () =>
  console.log(`stack floor (Express 5 + pg) on http://127.0.0.1:${port}/api`),
);
