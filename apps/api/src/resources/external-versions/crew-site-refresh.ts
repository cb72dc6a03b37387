import { EXTERNAL_SOURCE_LABELS, type TCrewSiteSource } from "@crew/contracts";
import type { TConfig } from "../../config.js";
import { changesOf, newSeaService } from "../../crew-sites/compare.js";
import type { TSiteProfile } from "../../crew-sites/crew-site.js";
import { crewellClient } from "../../crewell/crewell-client.js";
import { openEquasisPassword } from "../../equasis/equasis-secret.js";
import { AppError } from "../../errors/app-error.js";
import { ukrCrewingClient, type TCrewSiteClient } from "../../ukrcrewing/ukrcrewing-client.js";
import { comparableOf, type TExternalVersionsRepository } from "./external-versions-repository.js";

/**
 * One refresh of an applicant from a crew job site, shared by the single refresh
 * (GET users/{id}/update_from_uc, update_from_cw) and the queued bulk refresh (refresh-all job):
 * the site's client with the company's key, the fetch, and the version it keeps.
 */
export const SITES: Record<TCrewSiteSource, { idField: string; setting: string }> = {
  ukr_crewing: { idField: "ukr_crewing_id", setting: "UKRCREWING_URL and UKRCREWING_API_KEY" },
  crewell: { idField: "crewell_id", setting: "CREWELL_URL and CREWELL_API_KEY" },
};

/** The site's configured address (UKRCREWING_URL, CREWELL_URL, or the demo's stand-in). */
export const siteUrlOf = (source: TCrewSiteSource, config: TConfig): string | undefined =>
  source === "ukr_crewing" ? config.UKRCREWING_URL : config.CREWELL_URL;

/**
 * The site's client: the key an admin saved in the app (sealed exactly as the Equasis
 * passwords are: equasis/equasis-secret.ts, the same seal and key) when it was saved for the
 * site's address configured now, else the configured key; null when the address or any key is
 * missing. A key is never sent to another address than the one it was saved for (the URL
 * changed: set the key again). A saved key that no longer opens (EQUASIS_SECRET changed) is a
 * 409 telling an admin to set it again, never a silent fallback.
 */
export const siteClientOf = (
  source: TCrewSiteSource,
  config: TConfig,
  stored: { sealedKey: string; url: string } | null,
): TCrewSiteClient | null => {
  let key: string | undefined;
  if (stored && stored.url === siteUrlOf(source, config)) {
    const opened = openEquasisPassword(config, stored.sealedKey);
    if (opened === null)
      throw AppError.conflict(
        `The ${EXTERNAL_SOURCE_LABELS[source]} key saved in the app cannot be opened (the server's EQUASIS_SECRET changed); an administrator must set it again.`,
      );
    key = opened;
  }
  return source === "ukr_crewing"
    ? ukrCrewingClient(config, key ?? config.UKRCREWING_API_KEY)
    : crewellClient(config, key ?? config.CREWELL_API_KEY);
};

/** The site's client for a refresh, or the 409 staff read when the site is not set up. */
export const requireSiteClient = async (
  source: TCrewSiteSource,
  config: TConfig,
  repo: TExternalVersionsRepository,
): Promise<TCrewSiteClient> => {
  const client = siteClientOf(source, config, await repo.siteKey(source));
  if (!client)
    throw AppError.conflict(
      `${EXTERNAL_SOURCE_LABELS[source]} is not configured on this server (${SITES[source].setting}).`,
    );
  return client;
};

export type TApplicantRow = NonNullable<Awaited<ReturnType<TExternalVersionsRepository["applicant"]>>>;

export const externalIdOf = (source: TCrewSiteSource, applicant: TApplicantRow): string | null =>
  source === "ukr_crewing" ? applicant.ukrCrewingId : applicant.crewellId;

/**
 * Fetches the applicant's profile (a CrewSiteError when the site fails: nothing stored) and
 * keeps it as a version: `pending` when it differs from our record or brings new sea service,
 * else `reviewed` (nothing to decide). The applicant's list marks follow in the same transaction.
 */
export const fetchVersion = async (args: {
  source: TCrewSiteSource;
  applicant: TApplicantRow;
  externalId: string;
  client: TCrewSiteClient;
  repo: TExternalVersionsRepository;
  transaction<T>(fn: (repo: TExternalVersionsRepository) => Promise<T>): Promise<T>;
  authorId: number;
}): Promise<{ id: number; changed: boolean }> => {
  const { source, applicant, externalId } = args;
  const profile: TSiteProfile = await args.client.profile(externalId);
  const changes = changesOf(profile.fields, comparableOf(applicant));
  const newRows = newSeaService(profile.seaService, await args.repo.seaServiceOf(applicant.id));
  const changed = changes.length > 0 || newRows.length > 0;
  const row = await args.transaction(async (repo) => {
    const created = await repo.createVersion({
      itemType: "users",
      itemId: applicant.id,
      source,
      externalId,
      fields: profile.fields,
      seaService: profile.seaService.map((s) => ({ ...s })),
      status: changed ? "pending" : "reviewed",
      authorId: args.authorId,
    });
    await repo.refreshApplicant(applicant.id);
    return created;
  });
  return { id: row.id, changed };
};
