import type { TExternalField } from "@crew/contracts";
import type { TSiteProfile } from "./crew-site.js";
import type { TSiteStandIn } from "./stand-in-server.js";

/** What the demo feed reads of an applicant with an external id (external-versions-repository). */
export interface TDemoSource {
  id: number;
  ukrCrewingId: string | null;
  crewellId: string | null;
  fields: Partial<Record<TExternalField, string | number | null>>;
  /** The latest ten records of the applicant's sea service, newest first. */
  seaService: TSiteProfile["seaService"];
  /** The first sign-on of all their sea service (yyyy-mm-dd; null: none). */
  firstOn: string | null;
}

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's site profiles: our applicant as the site would show it, "a little different"
 * (issue 19 §2): a newer phone, a later readiness date, a higher wage, by the applicant's id,
 * so every demo refresh has two or three changes to accept or leave.
 */
export const demoProfile = (source: TDemoSource, site: "ukr_crewing" | "crewell"): TSiteProfile => {
  const f = { ...source.fields };
  const salt = source.id + (site === "crewell" ? 1 : 0);
  if (salt % 2 === 0 && typeof f.mobile_phone === "string")
    f.mobile_phone = `${f.mobile_phone.slice(0, -2)}${String((salt * 7) % 100).padStart(2, "0")}`;
  f.readiness_date = addDays(
    typeof f.readiness_date === "string" ? f.readiness_date : new Date().toISOString().slice(0, 10),
    14 + (salt % 3) * 7,
  );
  if (salt % 3 !== 1) f.wage = (typeof f.wage === "number" ? f.wage : 3000) + 250;
  return { fields: f, seaService: source.seaService };
};

/** The vessel of the contract only the site knows (withEarlierContract). */
export const DEMO_SITE_ONLY_VESSEL = "NORDIC SPIRIT";

/**
 * The profile with one contract more than our record: an earlier one (ending 40 days before
 * the applicant's first sign-on, so it overlaps nothing of ours), in the rank of their latest
 * record (one of our ranks), for staff to take (accept_sea_service).
 */
export const withEarlierContract = (profile: TSiteProfile, source: TDemoSource): TSiteProfile => {
  const rank = source.seaService[0]?.rank ?? null;
  if (!source.firstOn || !rank) return profile;
  return {
    ...profile,
    seaService: [
      ...profile.seaService,
      {
        vessel: DEMO_SITE_ONLY_VESSEL,
        rank,
        company: "Nordic Tankers AS",
        date_on: addDays(source.firstOn, -220),
        date_off: addDays(source.firstOn, -40),
      },
    ],
  };
};

/**
 * Puts each demo applicant's profile on the stand-in of each site it has an id on. The last
 * applicant with a UkrCrewing id and sea service (the highest id) has a contract on UkrCrewing
 * we lack (withEarlierContract), so a newcomer sees a sea-service row to take.
 */
export const feedDemoProfiles = (
  sources: readonly TDemoSource[],
  sites: { ukrCrewing: TSiteStandIn | null; crewell: TSiteStandIn | null },
): void => {
  const withRow = sources.findLast((s) => s.ukrCrewingId && s.firstOn && s.seaService[0]?.rank);
  for (const s of sources) {
    if (s.ukrCrewingId) {
      const profile = demoProfile(s, "ukr_crewing");
      sites.ukrCrewing?.setProfile(s.ukrCrewingId, s === withRow ? withEarlierContract(profile, s) : profile);
    }
    if (s.crewellId) sites.crewell?.setProfile(s.crewellId, demoProfile(s, "crewell"));
  }
};
