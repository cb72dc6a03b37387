import {
  applicants,
  attributesSchema,
  can,
  CREW_SITE_SOURCES,
  EXTERNAL_NOTICES,
  EXTERNAL_NOTICES_BULK,
  EXTERNAL_REFRESH_ALL_KIND,
  EXTERNAL_REFRESH_ALL_LIMIT,
  EXTERNAL_SOURCE_LABELS,
  type TCrewSiteKeyState,
  type TExternalRefreshAllCount,
  externalObjectVersions,
  type TCrewSiteSource,
} from "@crew/contracts";
import { z } from "zod";
import { AppError, type TFieldIssue } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { changesOf, newSeaService, type TComparable } from "../../crew-sites/compare.js";
import { CrewSiteError } from "../../crew-sites/crew-site.js";
import { sealEquasisPassword } from "../../equasis/equasis-secret.js";
import { crewSitesRefreshAllJob } from "./crew-sites-refresh-all-job.js";
import { SITES, externalIdOf, fetchVersion, requireSiteClient, siteUrlOf } from "./crew-site-refresh.js";
import { firstOverlap, servicePeriodText } from "../applicant-records/sea-service-overlap.js";
import {
  COMPARED_SELECT,
  SERVICE_SELECT,
  comparableOf,
  serviceKeyOf,
  externalVersionsRepository,
  type TExternalVersionsRepository,
} from "./external-versions-repository.js";

/** The version as the routes answer it, with the notice the screen shows (spec 001 §4). */
const versionWithNotice = async (kernel: TKernelServices, actor: TActor, id: number, message: string) => {
  const doc = await kernel.serviceOf("external_object_versions").show(actor, id, {});
  return { document: { ...doc, meta: { ...doc.meta, message } } };
};
const ZComparable = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
const ZSeaRow = z.object({
  vessel: z.string(),
  rank: z.string().nullable(),
  company: z.string().nullable(),
  date_on: z.string().nullable(),
  date_off: z.string().nullable(),
});
const ZSeaRows = z.array(ZSeaRow).catch([]);
const ZLoaded = z.object({
  fields: ZComparable.catch({}),
  seaService: ZSeaRows,
  item: z
    .object({
      surname: z.string(),
      name: z.string(),
      middle: z.string().nullable(),
      birthday: z.date().nullable(),
      email: z.string().nullable(),
      mobilePhone: z.string().nullable(),
      mobilePhoneAlternative: z.string().nullable(),
      address: z.string().nullable(),
      readinessDate: z.date().nullable(),
      wage: z.number().nullable(),
      height: z.number().nullable(),
      weight: z.number().nullable(),
      shoeSize: z.string().nullable(),
      coverallSize: z.string().nullable(),
      expiriences: z.array(
        z.object({ vesselName: z.string(), dateOn: z.date(), dateOff: z.date().nullable() }),
      ),
    })
    .nullable()
    .catch(null),
});

/** Versions are read with their applicant: staff who may not read applicants read none. */
const versionScope = (actor: TActor): TWhereOf<"ExternalObjectVersion"> =>
  can(actor.permissions, "users", "read") ? {} : { id: { in: [] } };

/** A site's failure as the answer staff read; nothing was changed in every case. */
const siteFailure = (error: unknown, source: TCrewSiteSource, idField: string): never => {
  if (!(error instanceof CrewSiteError)) throw error;
  const site = EXTERNAL_SOURCE_LABELS[source];
  switch (error.failure) {
    case "not-found":
      throw AppError.invalid([{ field: idField, message: `has no profile on ${site}` }]);
    case "refused":
      throw new AppError(
        "BAD_GATEWAY",
        `${site} refused the company's credentials; ask an administrator to check them.`,
      );
    case "timeout":
      throw new AppError("GATEWAY_TIMEOUT", error.message);
    case "unavailable":
    case "unreadable":
      throw new AppError("BAD_GATEWAY", error.message);
  }
};

/**
 * Refresh from a crew job site (GET users/{id}/update_from_uc, update_from_cw): read the
 * profile through the site's client, keep it as a version, and change nothing of the
 * applicant: staff accept field by field (accept).
 */
const refreshFrom = async (
  source: TCrewSiteSource,
  ctx: {
    actor: TActor;
    id: number;
    repo: TExternalVersionsRepository;
    transaction<T>(fn: (repo: TExternalVersionsRepository) => Promise<T>): Promise<T>;
    kernel: TKernelServices;
  },
) => {
  const { actor, id, kernel } = ctx;
  const site = SITES[source];
  // What the version shows is the applicant's data: the caller must read the applicant.
  await kernel.serviceOf("users").requireReadable(actor, id);
  const applicant = await ctx.repo.applicant(id);
  if (!applicant) throw AppError.notFound(`Applicant ${id} not found`);
  const externalId = externalIdOf(source, applicant);
  if (!externalId)
    throw AppError.invalid([
      {
        field: site.idField,
        message: `is not set: add the applicant's ${EXTERNAL_SOURCE_LABELS[source]} id first`,
      },
    ]);
  const client = await requireSiteClient(source, kernel.config, ctx.repo);
  let row: { id: number };
  try {
    row = await fetchVersion({
      source,
      applicant,
      externalId,
      client,
      repo: ctx.repo,
      transaction: (fn) => ctx.transaction(fn),
      authorId: actor.id,
    });
  } catch (error) {
    return siteFailure(error, source, site.idField);
  }
  return versionWithNotice(kernel, actor, row.id, EXTERNAL_NOTICES[source]);
};

export const externalVersionsBinding: TResourceEntry = bindResource(
  externalObjectVersions,
  "ExternalObjectVersion",
  externalVersionsRepository,
)({
  scope: versionScope,
  include: { item: { select: { ...COMPARED_SELECT, expiriences: { select: SERVICE_SELECT } } } },
  computed: {
    changes: (row) => {
      const loaded = ZLoaded.parse(row);
      return loaded.item ? changesOf(loaded.fields, comparableOf(loaded.item)) : [];
    },
    sea_service_new: (row) => {
      const loaded = ZLoaded.parse(row);
      return loaded.item ? newSeaService(loaded.seaService, loaded.item.expiriences.map(serviceKeyOf)) : [];
    },
  },
  actions: {
    update_from_uc: (ctx) => refreshFrom("ukr_crewing", ctx),
    update_from_cw: (ctx) => refreshFrom("crewell", ctx),

    async accept(ctx) {
      const { actor, id, input, kernel } = ctx;
      const version = await ctx.repo.findVersion(id);
      if (!version) throw AppError.notFound();
      if (version.status !== "pending")
        throw AppError.conflict("This version was reviewed already; refresh to see what the site says now.");
      const applicant = await ctx.repo.applicant(version.itemId);
      if (!applicant) throw AppError.notFound();
      const theirs = ZComparable.catch({}).parse(version.fields) as TComparable;
      const changed = new Map(changesOf(theirs, comparableOf(applicant)).map((c) => [c.field, c.theirs]));
      const picked = [...new Set(input.fields)];
      const stale = picked.filter((f) => !changed.has(f));
      if (stale.length)
        throw AppError.invalid([
          { field: "fields", message: `hold fields the site does not change (now): ${stale.join(", ")}` },
        ]);
      if (picked.length) {
        // The site's values pass the applicant form's own rules; one that does not is a 422 on its field.
        const parsed = attributesSchema(applicants, "update").safeParse(
          Object.fromEntries(picked.map((f) => [f, changed.get(f)])),
        );
        if (!parsed.success)
          throw AppError.invalid(
            parsed.error.issues.map((i) => ({
              field: String(i.path[0] ?? "fields"),
              message: `(the site's value) ${i.message}`,
            })),
          );
        // Through the applicants' own service: users.update, scope, audit and derived columns apply.
        await kernel
          .serviceOf("users")
          .update(actor, version.itemId, { attributes: parsed.data, relationships: {}, toMany: {} });
      }
      await ctx.transaction(async (repo) => {
        if (!(await repo.review(id, picked, actor.id)))
          throw AppError.conflict(
            "This version was reviewed already; refresh to see what the site says now.",
          );
        await repo.refreshApplicant(version.itemId);
      });
      return versionWithNotice(
        kernel,
        actor,
        id,
        picked.length ? "The user updated successfully" : "The version is marked as reviewed",
      );
    },

    async accept_sea_service(ctx) {
      const { actor, id, input, kernel } = ctx;
      const version = await ctx.repo.findVersion(id);
      if (!version) throw AppError.notFound();
      // The rows go onto the applicant: the caller must read the applicant (their scope applies).
      await kernel.serviceOf("users").requireReadable(actor, version.itemId);
      const userId = version.itemId;
      const theirs = ZSeaRows.parse(version.seaService);
      // Each picked row once, by its place in the version; `at` is its place in the request, which
      // a refusal points at (/data/attributes/rows/<at>).
      const picked = input.rows
        .map((row, at) => ({ row, at }))
        .filter((p, k, all) => all.findIndex((q) => q.row === p.row) === k)
        .sort((x, y) => x.row - y.row);
      const issues: TFieldIssue[] = [];
      const refuse = (at: number, message: string) =>
        issues.push({ field: `rows/${at}`, message, sentence: true });
      const ranks = new Map((await ctx.repo.ranks()).map((r) => [r.title.trim().toLowerCase(), r.id]));
      const add = await ctx.transaction(async (repo) => {
        const fresh = new Set(newSeaService(theirs, await repo.seaServiceOf(userId)));
        // The records this call added, by id: the row of the version each came from.
        const added = new Map<number, number>();
        for (const { row, at } of picked) {
          const s = theirs[row];
          if (!s) {
            refuse(at, `Row ${row + 1} is no row of this version.`);
            continue;
          }
          const where = `Row ${row + 1} (${s.vessel})`;
          if (!s.date_on) {
            refuse(at, `${where} has no sign-on day on the site.`);
            continue;
          }
          if (!fresh.has(row)) {
            refuse(at, `${where} is in the applicant's sea service already.`);
            continue;
          }
          const roleId = s.rank ? ranks.get(s.rank.trim().toLowerCase()) : undefined;
          if (roleId === undefined) {
            refuse(
              at,
              `${where}: the rank ${s.rank ? `"${s.rank}"` : "(none)"} is none of our ranks; add the row by hand.`,
            );
            continue;
          }
          const dateOn = new Date(`${s.date_on}T00:00:00Z`);
          const dateOff = s.date_off ? new Date(`${s.date_off}T00:00:00Z`) : null;
          // The sea service's own overlap rule, against the applicant's records and the rows
          // added just before in this call (another picked row). The row is added even when
          // refused, so the rows after it are checked against it; any refusal rolls all back.
          const other = await firstOverlap(repo, userId, dateOn, dateOff);
          const otherRow = other ? added.get(other.id) : undefined;
          if (other)
            refuse(
              at,
              otherRow !== undefined
                ? `${where} overlaps row ${otherRow + 1} (${theirs[otherRow]?.vessel ?? ""}), picked too; take one of them.`
                : `${where} overlaps the service on ${servicePeriodText(other)}; add it by hand as a knowing overlap if that is right.`,
            );
          added.set(
            await repo.addSeaService(
              userId,
              { roleId, vesselName: s.vessel.trim(), vesselManager: s.company, dateOn, dateOff },
              actor.id,
            ),
            row,
          );
        }
        // Nothing written: the transaction rolls back.
        if (issues.length) throw AppError.invalid(issues);
        // Nothing left to decide (no changed field, no new row): the version is reviewed.
        const applicant = await repo.applicant(userId);
        const rest = newSeaService(theirs, await repo.seaServiceOf(userId));
        const changes = applicant
          ? changesOf(ZComparable.catch({}).parse(version.fields), comparableOf(applicant))
          : [];
        if (version.status === "pending" && rest.length === 0 && changes.length === 0) {
          await repo.review(id, version.acceptedFields, actor.id);
          await repo.refreshApplicant(userId);
        }
        return added.size;
      });
      return versionWithNotice(
        kernel,
        actor,
        id,
        `${add} sea-service ${add === 1 ? "row" : "rows"} added to the applicant`,
      );
    },

    /**
     * A bulk refresh from a site: the applicants the caller reads with the site's id whose
     * record changed in the last `days` days. Without `confirm` only the count; with it (the
     * count shown, still true) the task row, then the job (progress on the task).
     */
    async refresh_all(ctx) {
      const { actor, input, kernel } = ctx;
      const since = new Date(Date.now() - input.days * 86_400_000);
      const candidates = await ctx.repo.refreshCandidates(
        input.source,
        since,
        EXTERNAL_REFRESH_ALL_LIMIT + 1,
      );
      const hidden = new Set(await kernel.serviceOf("users").outOfScopeIds(actor, candidates));
      const ids = candidates.filter((id) => !hidden.has(id));
      const count: TExternalRefreshAllCount = {
        source: input.source,
        days: input.days,
        since: since.toISOString(),
        count: ids.length,
      };
      if (input.confirm === undefined) return { document: { data: count } };
      if (input.confirm !== ids.length)
        throw new AppError("CONFLICT", "count changed", [
          {
            status: "409",
            title: "Conflict",
            detail: `${ids.length} applicants now match, not ${input.confirm}: look at the count and confirm again.`,
            meta: { count: ids.length },
          },
        ]);
      if (ids.length > EXTERNAL_REFRESH_ALL_LIMIT)
        throw AppError.invalid([
          {
            field: "days",
            message: `match more than ${EXTERNAL_REFRESH_ALL_LIMIT} applicants: choose fewer days`,
          },
        ]);
      // Not set up: say so now rather than queue a job that can only fail.
      await requireSiteClient(input.source, kernel.config, ctx.repo);
      const task = await ctx.transaction((repo) =>
        repo.tasks.create({
          kind: EXTERNAL_REFRESH_ALL_KIND,
          authorId: actor.id,
          total: ids.length,
          params: { source: input.source, days: input.days, since: count.since },
        }),
      );
      try {
        await kernel.jobs.enqueue(crewSitesRefreshAllJob, {
          taskId: task.id,
          actorId: actor.id,
          source: input.source,
          userIds: ids,
        });
      } catch (error) {
        await ctx.transaction((repo) =>
          repo.tasks.fail(
            task.id,
            "The job could not be queued: the job queue is unavailable. Please try again.",
          ),
        );
        throw error;
      }
      return {
        status: 201,
        document: {
          data: { ...count, background_task_id: task.id },
          meta: { message: EXTERNAL_NOTICES_BULK.queued },
        },
      };
    },

    /** Whether each site's key is set (never the key): administration only (the route's permissions key). */
    async site_keys(ctx) {
      const states = new Map((await ctx.repo.siteKeyStates()).map((s) => [s.source, s]));
      const config = ctx.kernel.config;
      const data: TCrewSiteKeyState[] = CREW_SITE_SOURCES.map((source) => {
        const s = states.get(source);
        const url = siteUrlOf(source, config);
        return {
          source,
          label: EXTERNAL_SOURCE_LABELS[source],
          stored: s !== undefined,
          stored_applies: s !== undefined && s.url === url,
          stored_for_url: s?.url ?? null,
          set_at: s ? s.setAt.toISOString() : null,
          set_by_name: s?.setBy?.name ?? null,
          configured: Boolean(source === "ukr_crewing" ? config.UKRCREWING_API_KEY : config.CREWELL_API_KEY),
          url_configured: Boolean(url),
        };
      });
      return { document: { data } };
    },

    /** An admin saves (sealed) or removes a site's key; the answer never holds it. */
    async set_site_key(ctx) {
      const { actor, input } = ctx;
      const url = siteUrlOf(input.source, ctx.kernel.config);
      if (input.key !== null && !url)
        throw AppError.conflict(
          `${EXTERNAL_SOURCE_LABELS[input.source]}'s address is not configured on this server (${SITES[input.source].setting}); a key is saved for an address.`,
        );
      await ctx.transaction(async (repo) => {
        if (input.key === null || !url) await repo.clearSiteKey(input.source);
        else
          await repo.setSiteKey(
            input.source,
            sealEquasisPassword(ctx.kernel.config, input.key),
            url,
            actor.id,
          );
      });
      return {
        document: {
          data: { source: input.source, stored: input.key !== null },
          meta: {
            message: input.key === null ? EXTERNAL_NOTICES_BULK.keyCleared : EXTERNAL_NOTICES_BULK.keySet,
          },
        },
      };
    },

    async get_applicant_with_experience(ctx) {
      return {
        document: await ctx.kernel.serviceOf("users").show(ctx.actor, ctx.id, { include: "expiriences" }),
      };
    },
  },
});
