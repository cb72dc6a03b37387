import { z } from "zod";
import { defineResource } from "../resource.js";
import { timestamps } from "./fields.js";
import { plainList } from "./plain-list.js";

/**
 * Owners' commercial terms that are not templates (spec 002 §3 Wage scale, Wage bonus row,
 * Owner wage state; §7 Owners; docs/owners-terms.md): wage scales per rank (normal, or an
 * alternative per nationality), bonuses per rank, rank levels and the owner's fee per level.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Scale types (spec 002 §9: default wage type normal; alternative is per nationality). */
export const WAGE_SCALE_TYPES = [
  { value: "normal", label: "Normal" },
  { value: "alternative", label: "Alternative (per nationality)" },
] as const;
export type TWageScaleType = (typeof WAGE_SCALE_TYPES)[number]["value"];
export const ZWageScaleType = z.enum(["normal", "alternative"]);

/** Bonus type codes (spec 002 §9) and their names (§3 Wage bonus row type_name). */
export const WAGE_BONUS_TYPES = [
  { value: "sb", label: "Seniority bonus" },
  { value: "spb", label: "Special bonus" },
  { value: "pb", label: "Performance bonus" },
] as const;
export type TWageBonusType = (typeof WAGE_BONUS_TYPES)[number]["value"];
export const ZWageBonusType = z.enum(["sb", "spb", "pb"]);

/** The seniority bonus columns a new scale gets: 2nd, 3rd and 4th consecutive contract. */
export const DEFAULT_SENIORITY_CONTRACTS = [2, 3, 4] as const;

/** The column of a bonus cell in the grid: the type code with `_{consequent_contracts}` where it has one (sb_2). */
export const bonusColumn = (type: string, consequentContracts: number | null): string =>
  consequentContracts ? `${type}_${consequentContracts}` : type;

/** Whole units of the owner's currency a month; the bound keeps a typo from making a scale absurd. */
export const ZWageAmount = z.coerce
  .number()
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(1_000_000, "must be at most 1,000,000");

/** The wage components of a scale row, in the order of the grid and the contract. */
export const WAGE_COMPONENTS = [
  { value: "basic_wage", label: "Basic wage" },
  { value: "guaranteed_overtime", label: "Guaranteed overtime" },
  { value: "leave_pay", label: "Leave pay" },
  { value: "other_allowances", label: "Other allowances" },
] as const;
export type TWageComponent = (typeof WAGE_COMPONENTS)[number]["value"];

export const ZCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "is not a three-letter currency code (ISO 4217)");

const money = (label: string) =>
  ({
    label,
    kind: "money",
    input: ZWageAmount,
    list: true,
  }) as const;
const computedMoney = (label: string) => ({ label, kind: "money", list: true, form: false }) as const;
const computedText = (label: string) => ({ label, kind: "text", list: true, form: false }) as const;
const computedNumber = (label: string) => ({ label, kind: "number", list: true, form: false }) as const;

/** Rank levels (STCW: management, operational, support): the owner's fees are per level. */
export const roleLevels = plainList("role_levels", "roleLevels", "/role-levels", "Rank level", "Rank levels");

/** GET owners/{id}/wage_scales_nationalities; createNationalityScale: POST there with nationality_id. */
export const wageScaleNationalities = defineResource({
  type: "wage_scale_nationalities",
  permission: "wageScales",
  label: { one: "Scale nationality", many: "Scale nationalities" },
  titleAttribute: "nationality_name",
  attributes: {
    nationality_name: computedText("Nationality"),
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, attribute: "owner_id" },
    nationality: {
      label: "Nationality",
      type: "countries",
      cardinality: "one",
      required: true,
      form: true,
      attribute: "nationality_id",
    },
  },
  parents: [{ type: "owners", relationship: "owner", path: "wage_scales_nationalities", create: true }],
  filters: { owner_id: { label: "Owner", kind: "id", input: id } },
  defaultSort: "nationality_name",
  sorts: ["nationality_name"],
  verbs: ["list", "show", "create", "delete"],
});

/**
 * A rank's row of an owner's wage scale (spec 002 §3 Wage scale; getScales filters owner_id,
 * scale_type and, for alternative, nationality_id; updateScale sends `{field: value}`). The
 * total is computed, never typed. Rows are made by create_scale (every rank of the owner).
 */
export const wageScales = defineResource({
  type: "wage_scales",
  permission: "wageScales",
  label: { one: "Wage scale row", many: "Wage scales" },
  titleAttribute: "role_name",
  attributes: {
    scale_type: {
      label: "Scale type",
      kind: "select",
      options: WAGE_SCALE_TYPES,
      list: true,
      form: false,
    },
    role_name: computedText("Rank"),
    crewing_priority: computedNumber("Crewing priority"),
    basic_wage: money("Basic wage"),
    guaranteed_overtime: money("Guaranteed overtime"),
    leave_pay: money("Leave pay"),
    other_allowances: money("Other allowances"),
    total: computedMoney("Total"),
    currency: computedText("Currency"),
    nationality_name: computedText("Nationality"),
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", readOnly: true, attribute: "owner_id" },
    role: { label: "Rank", type: "ranks", cardinality: "one", readOnly: true, attribute: "role_id" },
    nationality: {
      label: "Nationality",
      type: "countries",
      cardinality: "one",
      readOnly: true,
      attribute: "nationality_id",
    },
  },
  filters: {
    owner_id: { label: "Owner", kind: "id", input: id },
    role_id: { label: "Rank", kind: "id", input: id, type: "ranks" },
    scale_type: { label: "Scale type", kind: "select", options: WAGE_SCALE_TYPES, input: ZWageScaleType },
    nationality_id: { label: "Nationality", kind: "id", input: id, type: "countries" },
  },
  defaultSort: "crewing_priority",
  sorts: ["crewing_priority"],
  verbs: ["list", "show", "update"],
  maxPageSize: 999,
  actions: {
    /** crewWages.getTypes: the scale types. */
    types: {
      label: "Scale types",
      method: "GET",
      on: "collection",
      permission: { key: "wageScales", action: "read" },
      input: z.strictObject({}),
    },
    /**
     * POST owners/{id}/create_scale {scale_type, nationality_id}: a row for every rank of the
     * owner missing from that scale (an alternative scale copies the normal one's amounts), and
     * the owner's bonus cells. Answers the scale's rows.
     */
    create_scale: {
      label: "Create scale",
      method: "POST",
      on: "member",
      path: "/owners/:id/create_scale",
      record: "owners",
      permission: { key: "wageScales", action: "create" },
      input: z.strictObject({
        scale_type: ZWageScaleType.default("normal"),
        nationality_id: id.nullable().optional(),
      }),
    },
    /**
     * GET wage_scales/for_rank?owner_id|vessel_id&role_id[&user_id|nationality_id]: the wage
     * components that apply (the nationality's alternative scale, else the normal one) and, with
     * a seafarer, their expected wage against the total (the timeplan editor).
     */
    for_rank: {
      label: "Wage for a rank",
      method: "GET",
      on: "collection",
      permission: { key: "wageScales", action: "read" },
      input: z
        .strictObject({
          owner_id: id.optional(),
          vessel_id: id.optional(),
          role_id: id,
          user_id: id.optional(),
          nationality_id: id.optional(),
        })
        .refine((v) => v.owner_id !== undefined || v.vessel_id !== undefined, {
          message: "name owner_id or vessel_id",
          path: ["owner_id"],
        }),
    },
    /** GET wage_scales/export?owner_id=: the owner's scales and bonuses as .xlsx. */
    export: {
      label: "Export scales",
      method: "GET",
      on: "collection",
      permission: { key: "wageScales", action: "read" },
      input: z.strictObject({ owner_id: id }),
    },
  },
});

/**
 * One bonus cell (spec 002 §3 Wage bonus row): rank, type (sb, spb, pb), consecutive contracts
 * for a seniority bonus, total. getBonuses filters owner_id; updateBonus sends `{total: n}`.
 */
export const wageBonuses = defineResource({
  type: "wage_bonuses",
  permission: "wageScales",
  label: { one: "Wage bonus", many: "Wage bonuses" },
  titleAttribute: "type_name",
  attributes: {
    bonus_type: {
      label: "Type",
      kind: "select",
      options: WAGE_BONUS_TYPES,
      input: ZWageBonusType,
      list: true,
      required: true,
    },
    type_name: computedText("Type"),
    consequent_contracts: {
      label: "Consecutive contracts",
      kind: "number",
      input: z.coerce.number().int().min(2, "must be 2 or more").max(20, "must be at most 20").nullable(),
      list: true,
    },
    /** The grid's column: sb_2, spb, pb. */
    column: computedText("Column"),
    total: money("Amount"),
    role_name: computedText("Rank"),
    crewing_priority: computedNumber("Crewing priority"),
    currency: computedText("Currency"),
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, attribute: "owner_id" },
    role: { label: "Rank", type: "ranks", cardinality: "one", required: true, attribute: "role_id" },
  },
  filters: {
    owner_id: { label: "Owner", kind: "id", input: id },
    role_id: { label: "Rank", kind: "id", input: id, type: "ranks" },
  },
  defaultSort: "crewing_priority",
  sorts: ["crewing_priority"],
  verbs: ["list", "show", "create", "update", "delete"],
  maxPageSize: 999,
});

/** update_level_terms: a fee per rank level (level_id is the part of the form key after the underscore: fee_3). */
export const ZLevelTerms = z.array(z.strictObject({ level_id: id, fee: ZWageAmount.nullable() })).max(100);

/**
 * The owner's fee per rank level (GET owners/{id}/level_fees), and the terms actions the owner
 * form sends after the owner is saved (spec 002 §7): update_terms, update_level_terms,
 * update_contract_terms.
 */
export const ownerLevelFees = defineResource({
  type: "owner_level_fees",
  permission: "owners",
  label: { one: "Fee per rank level", many: "Fees per rank level" },
  titleAttribute: "level_name",
  attributes: {
    level_name: computedText("Rank level"),
    fee: computedMoney("Fee"),
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", readOnly: true },
    role_level: { label: "Rank level", type: "role_levels", cardinality: "one", readOnly: true },
  },
  parents: [{ type: "owners", relationship: "owner", path: "level_fees" }],
  defaultSort: "level_name",
  sorts: ["level_name"],
  verbs: ["list", "show"],
  actions: {
    update_terms: {
      label: "Save terms",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "member",
      path: "/owners/:id/update_terms",
      record: "owners",
      permission: { key: "owners", action: "update" },
      input: z.strictObject({
        terms: z.string().max(20_000, "is too long (maximum is 20000 characters)").nullable(),
      }),
    },
    update_contract_terms: {
      label: "Save contract terms",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "member",
      path: "/owners/:id/update_contract_terms",
      record: "owners",
      permission: { key: "owners", action: "update" },
      input: z.strictObject({
        contract_terms: z.string().max(20_000, "is too long (maximum is 20000 characters)").nullable(),
      }),
    },
    update_level_terms: {
      label: "Save fees per rank level",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "member",
      path: "/owners/:id/update_level_terms",
      record: "owners",
      permission: { key: "owners", action: "update" },
      input: z.strictObject({ levels: ZLevelTerms }),
    },
  },
});

/** The owner's attributes of this area (spread into the owners definition). */
export const OWNER_TERMS_ATTRIBUTES = {
  currency: {
    label: "Currency",
    kind: "text",
    input: ZCurrency,
    default: "USD",
  },
  terms: { label: "Terms", kind: "textarea", form: false },
  contract_terms: { label: "Contract terms", kind: "textarea", form: false },
} as const;

/** Not a record: what create_scale and for_rank answer besides rows (kept here so both sides agree). */
export const ZWageForRank = z.object({
  owner_id: z.number(),
  role_id: z.number(),
  currency: z.string(),
  scale_type: ZWageScaleType.nullable(),
  nationality_id: z.number().nullable(),
  basic_wage: z.number(),
  guaranteed_overtime: z.number(),
  leave_pay: z.number(),
  other_allowances: z.number(),
  total: z.number(),
  /** Null when the owner has no scale row for the rank. */
  wage_scale_id: z.number().nullable(),
  bonuses: z.array(z.object({ column: z.string(), type_name: z.string(), total: z.number() })),
  expected_wage: z.number().nullable(),
  /** expected_wage - total: above the scale when positive. */
  difference: z.number().nullable(),
});
export type TWageForRank = z.infer<typeof ZWageForRank>;
