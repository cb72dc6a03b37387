import type { TExternalField } from "@crew/contracts";
import { z } from "zod";
import type { TConfig } from "../config.js";
import { CrewSiteError, dayOf, profileBody, siteGet, type TSiteProfile } from "../crew-sites/crew-site.js";
import { SITE_RETRIES, type TCrewSiteClient } from "../ukrcrewing/ukrcrewing-client.js";

/**
 * Client of Crewell (a crew job site with a JSON API): `GET {CREWELL_URL}/api/v1/seafarers/{id}`
 * with the company's token as `Authorization: Bearer`. The answer is checked by shape; one
 * that is not the shape expected is "unreadable" (the API changed), never half-read.
 */
const text = z.string().trim().nullable().optional();
const ZSeafarer = z.object({
  data: z.object({
    id: z.union([z.string(), z.number()]),
    last_name: z.string().trim().min(1),
    first_name: text,
    middle_name: text,
    birth_date: text,
    email: text,
    phone: text,
    phone_2: text,
    address: text,
    available_from: text,
    expected_salary_usd: z.number().nullable().optional(),
    height_cm: z.number().nullable().optional(),
    weight_kg: z.number().nullable().optional(),
    shoe_size: z.union([z.string(), z.number()]).nullable().optional(),
    overall_size: text,
    sea_service: z
      .array(
        z.object({
          vessel_name: z.string().trim().min(1),
          rank: text,
          company: text,
          sign_on: text,
          sign_off: text,
        }),
      )
      .default([]),
  }),
});

export const readCrewellSeafarer = (body: string): TSiteProfile => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new CrewSiteError("unreadable", "Could not read Crewell's answer (not JSON); nothing was changed");
  }
  const parsed = ZSeafarer.safeParse(json);
  if (!parsed.success)
    throw new CrewSiteError(
      "unreadable",
      "Could not read Crewell's answer (its shape has changed); nothing was changed",
    );
  const d = parsed.data.data;
  const fields: Partial<Record<TExternalField, string | number | null>> = {
    surname: d.last_name,
    name: d.first_name ?? null,
    middle: d.middle_name ?? null,
    birthday: dayOf(d.birth_date),
    email: d.email ?? null,
    mobile_phone: d.phone ?? null,
    mobile_phone_alternative: d.phone_2 ?? null,
    address: d.address ?? null,
    readiness_date: dayOf(d.available_from),
    wage: d.expected_salary_usd ?? null,
    height: d.height_cm ?? null,
    weight: d.weight_kg ?? null,
    shoe_size: d.shoe_size === null || d.shoe_size === undefined ? null : String(d.shoe_size),
    coverall_size: d.overall_size ?? null,
  };
  return {
    fields,
    seaService: d.sea_service.map((s) => ({
      vessel: s.vessel_name,
      rank: s.rank ?? null,
      company: s.company ?? null,
      date_on: dayOf(s.sign_on),
      date_off: dayOf(s.sign_off),
    })),
  };
};

/** `token`: the key an admin saved in the app (crew-site-keys.ts), else the configured one. */
export const crewellClient = (
  config: TConfig,
  token: string | undefined = config.CREWELL_API_KEY,
): TCrewSiteClient | null => {
  const base = config.CREWELL_URL;
  if (!base || !token) return null;
  return {
    site: "Crewell",
    async profile(id) {
      const url = new URL(
        `api/v1/seafarers/${encodeURIComponent(id)}`,
        base.endsWith("/") ? base : `${base}/`,
      );
      const answer = await siteGet(
        url.toString(),
        { authorization: `Bearer ${token}`, accept: "application/json" },
        { site: "Crewell", timeoutMs: config.CREW_SITES_TIMEOUT_MS, retries: SITE_RETRIES, backoffMs: 200 },
      );
      return readCrewellSeafarer(profileBody(answer, "Crewell", id));
    },
  };
};
