import { seaService, utcToday } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { camel } from "../../kernel/naming.js";
import { attachmentsAddressedTo } from "./attachments-repository.js";
import { coincidencesAnswer } from "./coincidences-answer.js";
import { printCv } from "./cv/print-cv.js";
import { applicantRecordsScope } from "./records-scope.js";
import { firstOverlap, servicePeriodText } from "./sea-service-overlap.js";
import { seaServiceRepository, type TVesselParticulars } from "./sea-service-repository.js";
import { serviceLength } from "./service-length.js";

const asDate = (v: unknown): Date | null => (v instanceof Date ? v : null);

/** The particulars of a fleet vessel win over what was typed; what the fleet leaves empty stays as typed. */
const withParticulars = <D extends { [K in keyof TVesselParticulars]?: TVesselParticulars[K] | null }>(
  data: D,
  fleet: TVesselParticulars,
): D => ({
  ...data,
  vesselName: fleet.vesselName,
  vesselImo: fleet.vesselImo,
  vesselTypeId: fleet.vesselTypeId ?? data.vesselTypeId,
  vesselFlagId: fleet.vesselFlagId ?? data.vesselFlagId,
  vesselDeadweight: fleet.vesselDeadweight ?? data.vesselDeadweight,
  engineTypeId: fleet.engineTypeId ?? data.engineTypeId,
  engineManufacturerId: fleet.engineManufacturerId ?? data.engineManufacturerId,
  vesselManager: fleet.vesselManager ?? data.vesselManager,
});

/**
 * Sea service (docs/records.md "Sea service"): a fleet vessel's particulars copied onto the
 * record (a vessel named by an IMO of our fleet is linked to it), sign-off not before sign-on,
 * overlaps with the applicant's other service refused unless `knowing_overlap`, the latest
 * verification's result per page, attachments addressed to the record, the coincidence check and
 * the applicant's CV. The applicant's list columns follow by trigger (docs/applicants.md).
 */
export const seaServiceBinding: TResourceEntry = bindResource(
  seaService,
  "Expirience",
  seaServiceRepository,
)({
  virtual: ["knowing_overlap"],
  scope: applicantRecordsScope,
  relations: { attachments: { kind: "loaded", load: attachmentsAddressedTo("expiriences") } },
  computed: {
    duration: (row) => serviceLength(row.dateOn, row.dateOff, utcToday()),
  },
  computedMany: {
    names: ["verification_result"],
    async load(rows, ctx) {
      const latest = await ctx.repo.latestVerification(rows.map((r) => r.id));
      return new Map(rows.map((r) => [r.id, { verification_result: latest.get(r.id) ?? null }]));
    },
  },
  filters: {
    served_on: (value) => {
      const day = asDate(value) ?? new Date(0);
      return { dateOn: { lte: day }, OR: [{ dateOff: null }, { dateOff: { gte: day } }] };
    },
  },
  // The vessel's list searches the seafarers who served on her too.
  search: (text) => ({
    AND: text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({
        OR: [
          ...(["vessel_name", "vessel_imo", "vessel_manager"] as const).map((a) => ({
            [camel(a)]: { contains: word, mode: "insensitive" as const },
          })),
          { user: { surname: { contains: word, mode: "insensitive" as const } } },
          { user: { name: { contains: word, mode: "insensitive" as const } } },
        ],
      })),
  }),
  async toData(input, defaults, ctx) {
    let data: typeof defaults = { ...defaults };
    if (ctx.mode === "create") data.authorId = ctx.actor.id;
    // A vessel of our fleet, named or found by its IMO: her particulars as she is now.
    let vesselId = ctx.next.vesselId ?? null;
    if (data.vesselId === undefined && !vesselId && data.vesselImo)
      vesselId = await ctx.repo.fleetVesselByImo(data.vesselImo);
    if (vesselId && (data.vesselId !== undefined || data.vesselImo !== undefined || ctx.mode === "create")) {
      const fleet = await ctx.repo.fleetVessel(vesselId);
      if (fleet) data = { ...withParticulars(data, fleet), vesselId };
    }
    const issues: { field: string; message: string }[] = [];
    const name = data.vesselName !== undefined ? data.vesselName : ctx.before?.vesselName;
    if (!name)
      issues.push({
        field: "vessel_name",
        message: "can't be blank: name the vessel or choose one of the fleet",
      });
    const { dateOn } = ctx.next;
    const dateOff = ctx.next.dateOff ?? null;
    if (issues.length) throw AppError.invalid(issues);
    const datesChanged = ctx.mode === "create" || data.dateOn !== undefined || data.dateOff !== undefined;
    const { userId } = ctx.next;
    if (datesChanged && dateOn && userId && input.attributes.knowing_overlap !== true) {
      const other = await firstOverlap(ctx.repo, userId, dateOn, dateOff, ctx.id ?? null);
      if (other) {
        throw AppError.invalid([
          {
            field: "date_on",
            message: `overlaps the service on ${servicePeriodText(other)}; save it as a knowing overlap if that is right`,
          },
        ]);
      }
    }
    return data;
  },
  actions: {
    async check_coincidences(ctx) {
      return { document: await coincidencesAnswer(ctx.kernel, ctx.repo, ctx.actor, ctx.id ?? 0, ctx.url) };
    },
    async print_cv(ctx) {
      return { file: await printCv(ctx.kernel, ctx.repo.cv, ctx.actor, ctx.id ?? 0, ctx.input) };
    },
  },
});
