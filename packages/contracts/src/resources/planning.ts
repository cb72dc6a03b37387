import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { PLACEMENT_STATUSES, placementStatusOptions } from "../placement.js";
import { ZDateOnly, timestamps } from "./fields.js";
import { plainList } from "./plain-list.js";

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** "1,2,3" (a query value) or [1,2,3]. */
const ids = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean);
  const out = parts.map(Number);
  if (
    !out.length ||
    out.length > 2000 ||
    out.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
  ) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of ids" });
    return z.NEVER;
  }
  return out;
});
/** "start,end" (dates): the plans that touch this range. */
const dateRange = z.string().transform((v, ctx) => {
  const [from, to] = v.split(",").map((s) => ZDateOnly.safeParse(s));
  if (!from?.success || !to?.success || to.data < from.data) {
    ctx.addIssue({ code: "custom", message: "must be start,end dates with end not before start" });
    return z.NEVER;
  }
  if (to.data.getTime() - from.data.getTime() > 5 * 366 * 86_400_000) {
    ctx.addIssue({ code: "custom", message: "spans more than five years" });
    return z.NEVER;
  }
  return { from: from.data, to: to.data };
});
const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const flag = (label: string) => ({ label, kind: "boolean" as const, input: z.boolean() });
type TReadOnlyKind = "text" | "number" | "date" | "boolean" | "image";
/** An attribute the server computes (literal kind, so a record's type knows its value). */
function readOnly(label: string): { label: string; kind: "text"; form: false };
function readOnly<K extends TReadOnlyKind>(label: string, kind: K): { label: string; kind: K; form: false };
function readOnly(
  label: string,
  kind: TReadOnlyKind = "text",
): { label: string; kind: TReadOnlyKind; form: false } {
  return { label, kind, form: false };
}

export const CREW_CHANGE_STATES = ["planned", "completed"] as const;
/** Lists of the crew-role print-out: on board now (or at the crew change), signing on, signing off. */
export const CREW_ROLE_TYPES = ["on_board", "sign_on", "sign_off"] as const;
/** FAL Form 5 is made on arrival or on departure. */
export const CREW_LIST_DIRECTIONS = ["arrival", "departure"] as const;
/** A GET on the timeplans' collection at its own path (the planner's feeds and print-outs), allowed to whoever reads timeplans. */
const timeplansGet = <const I extends z.ZodType>(label: string, path: string, input: I) =>
  ({
    label,
    method: "GET",
    on: "collection",
    path,
    permission: { key: "timeplans", action: "read" },
    input,
  }) as const;
const crewChangeStateOptions = CREW_CHANGE_STATES.map((s) => ({
  value: s,
  label: s === "planned" ? "Planned" : "Completed",
}));

/**
 * Timeplans (spec 002 §3 Timeplan): one seafarer, or nobody for a vacancy, on one manning-scale
 * row from start to end. The read-only attributes are what the scheduler shows.
 */
export const timePlans = defineResource({
  type: "time_plans",
  permission: "timeplans",
  label: { one: "Timeplan", many: "Timeplans" },
  titleAttribute: "user_name",
  attributes: {
    start: { label: "Start", kind: "date", required: true, list: true, sortable: true, input: ZDateOnly },
    end: { label: "End", kind: "date", required: true, list: true, sortable: true, input: ZDateOnly },
    status: {
      label: "Status",
      kind: "select",
      required: true,
      list: true,
      sortable: true,
      options: placementStatusOptions,
      input: z.enum(PLACEMENT_STATUSES),
    },
    to_publish: flag("Publish the vacancy"),
    repair_team: flag("Repair team"),
    external_only: flag("External only"),
    /** The monthly wage offered (vacancies); hidden from partner_view. */
    offer: {
      label: "Offer, USD/month",
      kind: "money",
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(0, "must not be negative")
        .max(1_000_000)
        .nullable(),
    },
    vacancy_description: {
      label: "Vacancy description",
      kind: "textarea",
      input: z.string().trim().max(4000, "is too long (maximum is 4000 characters)").nullable(),
    },
    /** The vacancy a published vacancy plan made (issue 18 §1; kept by the server). */
    vacancy_id: readOnly("Vacancy", "number"),
    ms_id: readOnly("Manning scale row", "number"),
    user_id: readOnly("Seafarer", "number"),
    crew_change_sign_on_id: readOnly("Signs on at", "number"),
    crew_change_sign_off_id: readOnly("Signs off at", "number"),
    user_name: readOnly("Seafarer"),
    avatar: readOnly("Avatar", "image"),
    readiness_date: readOnly("Readiness", "date"),
    promotions_count: readOnly("Promotions", "number"),
    telegram_bot: readOnly("Messenger", "boolean"),
    problem_newcomer: readOnly("Problem newcomer", "boolean"),
    vessel_name: readOnly("Vessel"),
    role_name: readOnly("Rank"),
    port_name: readOnly("Port"),
    last_comment_body: readOnly("Last comment"),
    has_contract_template: readOnly("Contract template", "boolean"),
    document_templates: readOnly("Document templates"),
    periods_by_user_id: readOnly("Other plans of the seafarer"),
    /** What the planning checks found: [{code, title, detail}] (the answer of a write also carries them in meta.warnings). */
    warnings: readOnly("Warnings"),
    ...timestamps,
  },
  relationships: {
    // Spec 002 §3 Timeplan's fields name these by id (manning_scale_id, user_id; the crew changes are kept by the server).
    manning_scale: {
      label: "Manning scale row",
      type: "manning_scales",
      cardinality: "one",
      required: true,
      attribute: "manning_scale_id",
    },
    user: { label: "Seafarer", type: "users", cardinality: "one", attribute: "user_id" },
    port: { label: "Port", type: "ports", cardinality: "one" },
    crew_change_sign_on: {
      label: "Sign-on crew change",
      type: "crew_changes",
      cardinality: "one",
      readOnly: true,
      attribute: "crew_change_sign_on_id",
    },
    crew_change_sign_off: {
      label: "Sign-off crew change",
      type: "crew_changes",
      cardinality: "one",
      readOnly: true,
      attribute: "crew_change_sign_off_id",
    },
  },
  filters: {
    date_range: { label: "Dates", kind: "text", input: dateRange },
    manning_scale_id: { label: "Manning scale rows", kind: "ids", input: ids },
    ids: { label: "Ids", kind: "ids", input: ids },
    user_id: { label: "Seafarer", kind: "id", input: id },
    vessel_id: { label: "Vessel", kind: "id", input: id },
    status: {
      label: "Status",
      kind: "select",
      options: placementStatusOptions,
      input: z.enum(PLACEMENT_STATUSES),
    },
    to_publish: { label: "Published", kind: "boolean", input: bool },
  },
  defaultSort: "start",
  rules: [{ kind: "notBefore", field: "end", than: "start", message: "must not be before the start" }],
  verbs: ALL_VERBS,
  live: true,
  maxPageSize: 25_000,
  actions: {
    /**
     * The scheduler's rows (spec 002 §4 Scheduler resources): every active manning-scale row
     * of the active vessels the caller may plan on, with its vessel, owner and rank. A feed of
     * its own because partners plan without reading vessels or manning scales.
     */
    planner_rows: timeplansGet("Planner rows", "/planner/rows", z.strictObject({})),
    /**
     * Who is on board a vessel today, or signs on or off at a crew change, by rank (spec 002
     * §7: GET /api/print/crew_role?vessel_id=&type=on_board or ?crew_change_id=&type=).
     */
    print_crew_role: timeplansGet(
      "Print the crew by rank",
      "/print/crew_role",
      z
        .strictObject({
          crew_change_id: id.optional(),
          vessel_id: id.optional(),
          type: z.enum(CREW_ROLE_TYPES),
        })
        .refine((v) => (v.crew_change_id === undefined) !== (v.vessel_id === undefined), {
          message: "give crew_change_id or vessel_id",
          path: ["crew_change_id"],
        })
        .refine((v) => v.type === "on_board" || v.crew_change_id !== undefined, {
          message: "sign_on and sign_off need a crew_change_id",
          path: ["type"],
        }),
    ),
    /**
     * The planned seafarer's profile for the planner's user section (timeplans.userProfile):
     * what an owner's person may see of a seafarer planned on their fleet; contacts and the
     * expected wage only for staff who read applicants.
     */
    user_profile: {
      label: "Seafarer's profile",
      method: "GET",
      on: "member",
      permission: { key: "timeplans.userProfile", action: "read" },
      input: z.strictObject({}),
    },
    /**
     * GET /api/print_contracts/{timeplanId}?full=&as_docx=&download=&place= (spec 002 §7): the
     * owner's contract template filled for the plan (with `full`, the owner's document
     * templates too, in one .zip); PDF unless `as_docx` where LibreOffice is installed. The
     * answer is `{xls_file, file_file_name}` (the file as a data: URL), or with `download` the
     * file itself.
     */
    print_contract: {
      label: "Print the contract",
      method: "GET",
      on: "member",
      path: "/print_contracts/:id",
      permission: { key: "timeplans.userProfile", action: "read" },
      input: z.strictObject({
        full: bool.optional(),
        as_docx: bool.optional(),
        download: bool.optional(),
        place: z.string().trim().max(100).optional(),
      }),
    },
    /** The plan of the chosen vessels and ranks around a date, as .xlsx (spec 002 §7). */
    print_time_plan: timeplansGet(
      "Print the plan",
      "/print/time_plan",
      // `to`: the last day to print (the scheduler prints the window on screen, from the week of `date`); without it, `months` from the month before `date`.
      z.strictObject({
        date: ZDateOnly,
        to: ZDateOnly.optional(),
        vessels: ids,
        roles: ids.optional(),
        months: z.coerce.number().int().min(1).max(24).optional(),
      }),
    ),
  },
});

/** Why a seafarer signs off (end of contract, medical...): a short reference list. */
export const signOffReasons = plainList(
  "sign_off_reasons",
  "crewChange",
  "/sign-off-reasons",
  "Sign-off reason",
  "Sign-off reasons",
);

/** A pair of the crew list given with a new crew change. */
export const ZCrewListPair = z.strictObject({
  sign_on_id: id.nullable().optional(),
  sign_off_id: id.nullable().optional(),
  reason_id: id.nullable().optional(),
});

/** A crew change at one port on one date (spec 002 §3 Crew change). */
export const crewChanges = defineResource({
  type: "crew_changes",
  permission: "crewChange",
  route: "/crew-changes",
  label: { one: "Crew change", many: "Crew changes" },
  titleAttribute: "title",
  attributes: {
    /** "03.12.2026 Rotterdam · NORDIC STAR": how screens name a crew change. */
    title: readOnly("Crew change"),
    date: { label: "Date", kind: "date", required: true, list: true, sortable: true, input: ZDateOnly },
    date_sign_on: {
      label: "Sign-on date",
      kind: "date",
      list: true,
      sortable: true,
      input: ZDateOnly.nullable(),
    },
    reason: { label: "Reason", kind: "text", list: true, input: z.string().trim().max(500).nullable() },
    voyage_number: {
      label: "Voyage number",
      kind: "text",
      input: z.string().trim().max(50, "is too long (maximum is 50 characters)").nullable(),
    },
    state: {
      label: "State",
      kind: "select",
      list: true,
      sortable: true,
      options: crewChangeStateOptions,
      input: z.enum(CREW_CHANGE_STATES),
    },
    /** Create only: the pairs of the crew list ({sign_on_id, sign_off_id}). */
    crewlists: {
      label: "Crew list",
      kind: "text",
      form: false,
      writeOnly: true,
      input: z.array(ZCrewListPair).max(100),
    },
    // The names the list shows whoever reads it (the relationships name them on the details).
    vessel_name: { label: "Vessel", kind: "text", list: true, form: false, details: false },
    port_name: { label: "Port", kind: "text", list: true, form: false, details: false },
    port_arrived_name: { label: "Port arrived", kind: "text", form: false, details: false },
    sign_on_count: { label: "Signing on", kind: "number", list: true, form: false },
    sign_off_count: { label: "Signing off", kind: "number", list: true, form: false },
    /** The checklist's tasks (docs/tasks.md): how many there are and how many are done or cancelled. */
    // The page shows them in its checklist panel; lists and the API reference name them.
    checklist_total: { label: "Checklist tasks", kind: "number", form: false, details: false },
    checklist_done: { label: "Checklist done", kind: "number", form: false, details: false },
    author_name: { label: "Author", kind: "text", form: false },
    ...timestamps,
  },
  relationships: {
    vessel: { label: "Vessel", type: "vessels", cardinality: "one", required: true, form: true },
    // A crew change happens at a port (issue 22): a new one names it; old ones without stay readable.
    port: { label: "Port", type: "ports", cardinality: "one", required: true, form: true },
    port_arrived: { label: "Port arrived", type: "ports", cardinality: "one", form: true },
    crew_lists: { label: "Crew list", type: "crew_lists", cardinality: "many", readOnly: true },
    /** Who planned it (set by the server: spec 002's create sends author_id, which is ignored). */
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true, attribute: "author_id" },
  },
  filters: {
    state: {
      label: "State",
      kind: "select",
      options: crewChangeStateOptions,
      input: z.enum(CREW_CHANGE_STATES),
    },
    vessel_id: { label: "Vessel", kind: "id", input: id },
    port_id: { label: "Port", kind: "id", input: id },
    coordinator: { label: "Crew coordinator", kind: "id", type: "clients", input: id },
    owner: { label: "Owner", kind: "id", type: "owners", input: id },
  },
  search: ["reason"],
  defaultSort: "-date",
  rules: [
    {
      kind: "notBefore",
      field: "date_sign_on",
      than: "date",
      message: "must not be before the date of the crew change",
    },
  ],
  verbs: ALL_VERBS,
  live: true,
  actions: {
    /** The IMO FAL Form 5 crew list of a crew change (spec 002 §7; DOMAIN.md), as .xlsx or .docx. */
    print_crew_list: {
      label: "Print the crew list",
      method: "GET",
      on: "collection",
      path: "/print/crew_list",
      permission: { key: "crewChange", action: "read" },
      input: z.strictObject({
        crew_change_id: id,
        type: z.enum(CREW_LIST_DIRECTIONS).default("departure"),
        format: z.enum(["xlsx", "docx"]).default("xlsx"),
      }),
    },
    /**
     * What a port would refuse in that crew list before it is printed: boxes left empty and
     * identity documents expired by the date of arrival or departure (JSON:API, ZCrewListProblems).
     */
    check_crew_list: {
      label: "Check the crew list",
      method: "GET",
      on: "collection",
      path: "/print/crew_list/problems",
      permission: { key: "crewChange", action: "read" },
      input: z.strictObject({
        crew_change_id: id,
        type: z.enum(CREW_LIST_DIRECTIONS).default("departure"),
      }),
    },
  },
});

/** Why a box of a crew list would be refused: left empty, or an identity document expired by the date. */
export const CREW_LIST_PROBLEM_KINDS = ["missing", "expired"] as const;

/** One problem of a FAL Form 5 crew list: a seafarer's box that is empty or out of date. */
export const ZCrewListProblem = z.object({
  type: z.literal("crew_list_problems"),
  id: z.string(),
  attributes: z.object({
    /** Box 6: the seafarer's line on the form. */
    line: z.number().int(),
    user_id: z.number().int().nullable(),
    seafarer: z.string(),
    rank: z.string(),
    /** The FAL Form 5 box ("14" to "17" for the identity document). */
    box: z.string(),
    box_title: z.string(),
    problem: z.enum(CREW_LIST_PROBLEM_KINDS),
    message: z.string(),
  }),
});
export type TCrewListProblem = z.infer<typeof ZCrewListProblem>;

/** The answer of check_crew_list: the problems, and the date and size of the list they were checked against. */
export const ZCrewListProblems = z.object({
  data: z.array(ZCrewListProblem),
  meta: z.object({ type: z.enum(CREW_LIST_DIRECTIONS), date: z.string(), crew_count: z.number().int() }),
});
export type TCrewListProblems = z.infer<typeof ZCrewListProblems>;

/** A row of a crew change's crew list: who signs on, whom they relieve (spec 002 §3 Crew list entry). */
export const crewLists = defineResource({
  type: "crew_lists",
  permission: "crewChange",
  label: { one: "Crew list entry", many: "Crew list" },
  titleAttribute: "user_name",
  attributes: {
    sign_on_id: { label: "Signs on (plan)", kind: "number", input: id.nullable() },
    sign_off_id: { label: "Signs off (plan)", kind: "number", input: id.nullable() },
    reason_id: { label: "Sign-off reason", kind: "number", input: id.nullable() },
    ms_id: readOnly("Manning scale row", "number"),
    sign_on_user_id: readOnly("Signs on", "number"),
    sign_off_user_id: readOnly("Signs off", "number"),
    user_name: readOnly("Seafarer"),
    sign_on_user_name: readOnly("Signs on"),
    sign_off_user_name: readOnly("Signs off"),
    reason_title: readOnly("Sign-off reason"),
    role: readOnly("Rank"),
    role_priority: readOnly("Rank order", "number"),
    start: readOnly("Start", "date"),
    end: readOnly("End", "date"),
    ...timestamps,
  },
  relationships: {
    // Spec 002 §7: a crew list entry is sent with its crew change's id.
    crew_change: {
      label: "Crew change",
      type: "crew_changes",
      cardinality: "one",
      required: true,
      attribute: "crew_change_id",
    },
  },
  filters: { crew_change_id: { label: "Crew change", kind: "id", input: id } },
  defaultSort: "id",
  verbs: ALL_VERBS,
  live: true,
});
