import type { TSiteProfile } from "../../crew-sites/crew-site.js";
import {
  startSiteStandIn,
  type TSiteStandIn,
  type TSiteStandInOptions,
} from "../../crew-sites/stand-in-server.js";

/**
 * A local stand-in for Crewell's API (docs/outside-channels.md): `GET /api/v1/seafarers/{id}`
 * answers `{data: {...}}` in Crewell's field names, the token checked as `Authorization:
 * Bearer`. The product's real client (../crewell-client.ts) is what tests exercise.
 */
export const CREWELL_STAND_IN_TOKEN = "crewell-stand-in-token";

const seafarer = (profile: TSiteProfile, id: string, redesigned: boolean) => {
  const f = profile.fields;
  if (redesigned)
    // API v2's shape served on v1's address: the client must refuse it, not half-read it.
    return { seafarer: { id, full_name: [f.surname, f.name].filter(Boolean).join(" ") } };
  return {
    data: {
      id: Number(id),
      last_name: f.surname ?? "",
      first_name: f.name ?? null,
      middle_name: f.middle ?? null,
      birth_date: f.birthday ?? null,
      email: f.email ?? null,
      phone: f.mobile_phone ?? null,
      phone_2: f.mobile_phone_alternative ?? null,
      address: f.address ?? null,
      available_from: f.readiness_date ?? null,
      expected_salary_usd: typeof f.wage === "number" ? f.wage : null,
      height_cm: typeof f.height === "number" ? f.height : null,
      weight_kg: typeof f.weight === "number" ? f.weight : null,
      shoe_size: f.shoe_size ?? null,
      overall_size: f.coverall_size ?? null,
      sea_service: profile.seaService.map((s) => ({
        vessel_name: s.vessel,
        rank: s.rank,
        company: s.company,
        sign_on: s.date_on,
        sign_off: s.date_off,
      })),
    },
  };
};

export const startCrewellStandIn = (
  options: TSiteStandInOptions & { token?: string } = {},
): Promise<TSiteStandIn> =>
  startSiteStandIn(
    {
      idOf: (path) => /^\/api\/v1\/seafarers\/(\d{1,20})$/.exec(path)?.[1] ?? null,
      authorised: (req) => req.headers.authorization === `Bearer ${options.token ?? CREWELL_STAND_IN_TOKEN}`,
      render: (profile, id, redesigned) => ({
        contentType: "application/json",
        body: JSON.stringify(seafarer(profile, id, redesigned)),
      }),
      notFound: () => ({
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "not_found", message: "Seafarer not found" } }),
      }),
    },
    options,
  );
