import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title, titleFilter } from "./fields.js";
import { ZImo } from "./imo.js";
import { ownerContractActions, ownerContractAttributes } from "./owner-contracts.js";
import { plainList } from "./plain-list.js";
import { ZBulkParse, ZRegistryAccount } from "./vessel-registry.js";
import { OWNER_TERMS_ATTRIBUTES } from "./wages.js";

const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const id = z.coerce.number().int().positive().max(2_147_483_647);
const count = (label: string, max: number) => ({
  label,
  kind: "number" as const,
  list: false,
  sortable: true,
  input: z.coerce.number().int("must be a whole number").min(0, "must not be negative").max(max).nullable(),
});
const readOnlyCount = (label: string) => ({ label, kind: "number" as const, list: true, form: false });

/** Ship-owners: the agency's clients (spec 002 §3 Owner). Wage scales and matrices hang off them later. */
export const owners = defineResource({
  type: "owners",
  permission: "owners",
  route: "/owners",
  label: { one: "Owner", many: "Owners" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    short_title: {
      label: "Short title",
      kind: "text",
      list: true,
      sortable: true,
      input: z.string().trim().max(50).nullable(),
    },
    vessel_count: readOnlyCount("Vessels"),
    ...ownerContractAttributes,
    ...OWNER_TERMS_ATTRIBUTES,
    ...timestamps,
  },
  relationships: {
    /** Crew users recruiting for this owner's fleet (assign_owners; a partner is linked the same way). */
    recruiters: {
      label: "Recruiters",
      type: "clients",
      cardinality: "many",
      permission: "owners.assignedRecruiters",
    },
    crew_inspectors: {
      label: "Crew inspectors",
      type: "clients",
      cardinality: "many",
      permission: "owners.crewInspectors",
    },
    vessels: { label: "Vessels", type: "vessels", cardinality: "many", readOnly: true },
  },
  // GET /api/clients/{id}/vessel_owners: the owners a crew user (or partner) is linked to.
  parents: [{ type: "clients", relationship: "recruiters", path: "vessel_owners" }],
  filters: { title: titleFilter() },
  search: ["title", "short_title"],
  defaultSort: "title",
  verbs: ALL_VERBS,
  selectable: true,
  actions: {
    /** GET /api/owners/{id}/roles: the ranks of the owner's vessels' manning scales (spec 002 §7). */
    roles: {
      label: "Ranks of the fleet",
      method: "GET",
      on: "member",
      permission: { key: "owners", action: "read" },
      input: z.looseObject({}),
    },
    ...ownerContractActions,
  },
});

/** Technical managers of vessels. */
export const managers = defineResource({
  ...plainList("managers", "managers", "/managers", "Manager", "Managers"),
  attributes: { title: title(), vessel_count: readOnlyCount("Vessels"), ...timestamps },
});

/** Agencies that supply seafarers. */
export const crewingAgents = defineResource({
  type: "crewing_agents",
  permission: "crewingAgents",
  route: "/crewing-agents",
  label: { one: "Crewing agent", many: "Crewing agents" },
  titleAttribute: "name",
  attributes: {
    name: title("Name"),
    contact_person: {
      label: "Contact person",
      kind: "text",
      list: true,
      input: z.string().trim().max(255).nullable(),
    },
    email: {
      label: "Email",
      kind: "email",
      list: true,
      input: z.string().trim().toLowerCase().email("is not an email").max(255).nullable(),
    },
    phone: {
      label: "Phone",
      kind: "phone",
      list: true,
      input: z
        .string()
        .trim()
        .regex(/^\+?[\d\s()-]{5,30}$/, "is not a phone number")
        .nullable(),
    },
    ...timestamps,
  },
  relationships: { country: { label: "Country", type: "countries", cardinality: "one", form: true } },
  filters: { name: titleFilter("Name"), country_id: { label: "Country", kind: "id", input: id } },
  search: ["name", "contact_person", "email"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
});

/** Vessel list filter is_managed (spec 002 §3: All, Managed, Not managed). */
export const IS_MANAGED_OPTIONS = [
  { value: "managed", label: "Managed" },
  { value: "not_managed", label: "Not managed" },
] as const;

/** A crew user's id, or `me` for the caller. */
const ZAssignee = z.union([z.literal("me"), id]);

/** Vessels (spec 002 §3 Vessel), with the particulars a crewing office uses. Filter meanings: docs/decisions.md. */
export const vessels = defineResource({
  type: "vessels",
  permission: "vessels",
  route: "/vessels",
  label: { one: "Vessel", many: "Vessels" },
  titleAttribute: "name",
  attributes: {
    name: { ...title("Name") },
    imo: { label: "IMO", kind: "text", required: true, list: true, sortable: true, input: ZImo },
    call_sign: {
      label: "Call sign",
      kind: "text",
      input: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{3,10}$/, "must be 3 to 10 letters or digits")
        .nullable(),
    },
    year_built: {
      ...count("Year built", 2100),
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(1900, "must be 1900 or later")
        .max(2100)
        .nullable(),
    },
    deadweight: { ...count("Deadweight, t", 1_000_000), list: true },
    gross_tonnage: count("Gross tonnage", 1_000_000),
    is_active: {
      label: "Active",
      kind: "boolean",
      list: true,
      sortable: true,
      input: z.boolean(),
      default: true,
    },
    /** A prospect: shortlisted (a registry import, an owner's enquiry), not crewed by the office yet. */
    is_selected: { label: "Prospect", kind: "boolean", sortable: true, input: z.boolean() },
    /** The office's own grouping of its fleet (a desk or a team: "Tankers", "Team Odesa"). */
    group: {
      label: "Group",
      kind: "text",
      list: true,
      sortable: true,
      input: z.string().trim().max(100).nullable(),
    },
    owner_name: { label: "Owner", kind: "text", list: true, sortable: true },
    manager_name: { label: "Manager", kind: "text" },
    photo: { label: "Photo", kind: "image", file: { accept: "image" } },
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", permission: "vessels.owner" },
    manager: { label: "Manager", type: "managers", cardinality: "one", permission: "vessels.manager" },
    owner_vessel: { label: "Owner link", type: "owner_vessels", cardinality: "one", readOnly: true },
    manager_vessel: { label: "Manager link", type: "manager_vessels", cardinality: "one", readOnly: true },
    coordinator: {
      label: "Crew coordinator",
      type: "clients",
      cardinality: "one",
      permission: "vessels.coordinator",
    },
    recruiters: {
      label: "Recruiters",
      type: "clients",
      cardinality: "many",
      permission: "vessels.assignedUsers",
    },
    manning_scales: { label: "Manning scale", type: "manning_scales", cardinality: "many", readOnly: true },
    flag: { label: "Flag", type: "countries", cardinality: "one", form: true },
    vessel_type: { label: "Vessel type", type: "vessel_types", cardinality: "one", form: true },
    main_engine: { label: "Main engine", type: "main_engines", cardinality: "one", form: true },
  },
  parents: [
    { type: "owners", relationship: "owner" },
    { type: "managers", relationship: "manager" },
  ],
  filters: {
    name: titleFilter("Name"),
    is_managed: {
      label: "Managed",
      kind: "select",
      options: IS_MANAGED_OPTIONS,
      input: z
        .enum(["managed", "not_managed", "true", "false"])
        .transform((v) => v === "managed" || v === "true"),
    },
    is_active: { label: "Active", kind: "boolean", input: bool },
    is_selected: { label: "Prospect", kind: "boolean", input: bool },
    group: { label: "Group", kind: "text", input: z.string().trim().max(100) },
    company: { label: "Company", kind: "text", input: z.string().trim().max(255) },
    assigned_to: { label: "Assigned to", kind: "id", type: "clients", input: ZAssignee },
    owner_id: { label: "Owner", kind: "id", input: id },
  },
  search: ["name", "imo"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
  relationshipFlags: {
    /** true: after the change, refresh the vessel's particulars from the registry (a one-IMO import). */
    update_from_equasis: z.boolean(),
  },
  actions: {
    /** POST /api/vessels/update_photo: multipart with `id` and the image (field `photo` or `file`). */
    update_photo: {
      label: "Update photo",
      method: "POST",
      on: "collection",
      path: "/vessels/update_photo",
      permission: { key: "vessels", action: "update" },
      upload: { accept: "image", fields: ["photo", "file"] },
      input: z.strictObject({ id }),
    },
    /** GET /api/equasis_vessel_search?q=<imo>&email=: what the registry says, nothing saved. */
    equasis_vessel_search: {
      label: "Search the vessel registry",
      method: "GET",
      on: "collection",
      path: "/equasis_vessel_search",
      permission: { key: "vessels", action: "create" },
      input: z.strictObject({ q: ZImo, email: ZRegistryAccount.optional() }),
    },
    /** A vessel from the registry's particulars of one IMO number. */
    create_from_equasis: {
      label: "Create from the registry",
      method: "POST",
      on: "collection",
      permission: { key: "vessels", action: "create" },
      input: z.strictObject({ imo: ZImo, email: ZRegistryAccount.optional() }),
    },
    /** Refreshes one vessel's particulars from the registry. */
    update_from_equasis: {
      label: "Update from the registry",
      method: "POST",
      on: "member",
      permission: { key: "vessels", action: "update" },
      input: z.strictObject({ email: ZRegistryAccount.optional() }),
    },
    /** Queues a registry import of up to 1,000 IMO numbers (vessel_parse_runs). */
    bulk_parse: {
      label: "Add IMOs to parse",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "collection",
      permission: { key: "vessels.bulkParse", action: "create" },
      input: ZBulkParse,
    },
  },
});

/** A vessel's owner, as the spec's link record with an id. */
export const ownerVessels = defineResource({
  type: "owner_vessels",
  permission: "vessels.owner",
  label: { one: "Vessel owner", many: "Vessel owners" },
  titleAttribute: "id",
  attributes: { ...timestamps },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true },
    vessel: { label: "Vessel", type: "vessels", cardinality: "one", required: true },
  },
  filters: {
    vessel_id: { label: "Vessel", kind: "id", input: id },
    owner_id: { label: "Owner", kind: "id", input: id },
  },
  defaultSort: "id",
  verbs: ALL_VERBS,
});

/** A vessel's manager, as the spec's link record with an id. */
export const managerVessels = defineResource({
  type: "manager_vessels",
  permission: "vessels.manager",
  label: { one: "Vessel manager", many: "Vessel managers" },
  titleAttribute: "id",
  attributes: { ...timestamps },
  relationships: {
    manager: { label: "Manager", type: "managers", cardinality: "one", required: true },
    vessel: { label: "Vessel", type: "vessels", cardinality: "one", required: true },
  },
  filters: {
    vessel_id: { label: "Vessel", kind: "id", input: id },
    manager_id: { label: "Manager", kind: "id", input: id },
  },
  defaultSort: "id",
  verbs: ALL_VERBS,
});

export const MANNING_SCALE_STATES = ["active", "archived"] as const;

/** Rows of a vessel's manning scale: which ranks it needs, in order (spec 002 §3 Manning scale). */
export const manningScales = defineResource({
  type: "manning_scales",
  permission: "vessels.manningScales",
  label: { one: "Manning scale row", many: "Manning scale" },
  titleAttribute: "name",
  attributes: {
    /** The rank's title, numbered when a vessel has several rows of one rank ("AB 1", "AB 2"). */
    name: { label: "Name", kind: "text", list: true },
    crewing_priority: {
      label: "Order",
      kind: "number",
      list: true,
      sortable: true,
      input: z.coerce.number().int().min(1, "must be greater than or equal to 1").max(10_000),
    },
    template_offer: {
      label: "Offer, USD/month",
      kind: "money",
      list: true,
      sortable: true,
      input: z.coerce
        .number()
        .int("must be a whole number")
        .min(0, "must not be negative")
        .max(1_000_000)
        .nullable(),
    },
    status: { label: "Status", kind: "text", input: z.string().trim().max(50).nullable() },
    state: {
      label: "State",
      kind: "select",
      list: true,
      options: MANNING_SCALE_STATES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
      input: z.enum(MANNING_SCALE_STATES),
    },
    origin_id: { label: "Copied from", kind: "number" },
    ...timestamps,
  },
  relationships: {
    role: { label: "Rank", type: "ranks", cardinality: "one", required: true, form: true },
    vessel: { label: "Vessel", type: "vessels", cardinality: "one" },
    owner: { label: "Owner", type: "owners", cardinality: "one" },
  },
  parents: [
    { type: "vessels", relationship: "vessel", create: true },
    { type: "owners", relationship: "owner" },
  ],
  filters: {
    vessel_id: { label: "Vessel", kind: "id", input: id },
    state: {
      label: "State",
      kind: "select",
      options: MANNING_SCALE_STATES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
      input: z.enum(MANNING_SCALE_STATES),
    },
  },
  defaultSort: "crewing_priority",
  verbs: ALL_VERBS,
  // The planner's rows: a scale changed by one coordinator shows on everyone's planner.
  live: true,
  actions: {
    /** Copies the active rows of one vessel's scale onto another (spec 002 §7). */
    duplicate_manning_scales: {
      label: "Copy manning scale",
      method: "POST",
      on: "collection",
      path: "/duplicate_manning_scales",
      permission: { key: "vessels.manningScales", action: "create" },
      // "add" puts the copies after the vessel's rows; "replace" archives its active rows first (their plans stay).
      input: z.strictObject({
        from_vessel_id: id,
        to_vessel_id: id,
        mode: z.enum(["add", "replace"]).default("add"),
      }),
    },
  },
});

/** A crew user assigned to a vessel as one of its recruiters (spec 002 §3 Assigned vessel). */
export const assignVessels = defineResource({
  type: "assign_vessels",
  permission: "vessels.assignedUsers",
  label: { one: "Assigned vessel", many: "Assigned vessels" },
  titleAttribute: "id",
  attributes: {
    /** The assigned vessel's id, as the spec's crew-user screen reads it. */
    select_vessel_id: { label: "Vessel id", kind: "number" },
    ...timestamps,
  },
  relationships: {
    client: { label: "Crew user", type: "clients", cardinality: "one", required: true, form: true },
    vessel: { label: "Vessel", type: "vessels", cardinality: "one", required: true, form: true },
  },
  filters: {
    vessel_id: { label: "Vessel", kind: "id", input: id },
    client_id: { label: "Crew user", kind: "id", input: id },
  },
  defaultSort: "created_at",
  verbs: ["list", "show", "create", "delete"],
});

/** A crew user assigned to an owner's fleet (recruited fleets; how a partner is linked to its owners). */
export const assignOwners = defineResource({
  type: "assign_owners",
  permission: "owners.assignedRecruiters",
  label: { one: "Assigned owner", many: "Assigned owners" },
  titleAttribute: "id",
  attributes: { ...timestamps },
  relationships: {
    client: { label: "Crew user", type: "clients", cardinality: "one", required: true, form: true },
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, form: true },
  },
  filters: {
    owner_id: { label: "Owner", kind: "id", input: id },
    client_id: { label: "Crew user", kind: "id", input: id },
  },
  defaultSort: "created_at",
  verbs: ["list", "show", "create", "delete"],
});
