import { z } from "zod";
import { defineResource } from "../resource.js";
import { timestamps } from "./fields.js";

/** Most IMO numbers one registry import takes (spec 002 §7 bulk parse). */
export const MAX_BULK_IMOS = 1000;

/**
 * The IMO numbers of an import as typed: one a line, or separated by commas, semicolons or
 * spaces; "IMO 9074729" counts as one.
 */
export const splitImos = (imos: string | readonly string[]): string[] =>
  (typeof imos === "string" ? [imos] : imos)
    .flatMap((entry) => entry.replace(/(^|[\s,;])IMO[\s:.#-]*(?=\d)/gi, "$1").split(/[\s,;]+/))
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** The Equasis account a registry call uses: must be the caller's own saved one. */
export const ZRegistryAccount = z.string().trim().toLowerCase().email("is not an email").max(255);

/** Body of POST /api/vessels/bulk_parse. */
export const ZBulkParse = z.strictObject({
  imos: z
    .union([z.string().max(40_000, "is too long"), z.array(z.string().max(40)).max(MAX_BULK_IMOS * 2)])
    .superRefine((value, ctx) => {
      const count = splitImos(value).length;
      if (count === 0) ctx.addIssue({ code: "custom", message: "give at least one IMO number" });
      if (count > MAX_BULK_IMOS)
        ctx.addIssue({
          code: "custom",
          message: `take at most ${MAX_BULK_IMOS} IMO numbers (${count} given)`,
        });
    }),
  email: ZRegistryAccount.optional(),
  /** Skip IMO numbers of vessels already in the fleet instead of refreshing them. */
  only_new: z.boolean().optional(),
});

export const PARSE_RUN_STATUSES = ["queued", "running", "finished", "failed"] as const;
export type TParseRunStatus = (typeof PARSE_RUN_STATUSES)[number];
export const PARSE_ITEM_STATUSES = ["pending", "created", "updated", "skipped", "failed"] as const;
export type TParseItemStatus = (typeof PARSE_ITEM_STATUSES)[number];

const options = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
const readOnly = (label: string, kind: "text" | "number" | "boolean" | "datetime" | "tags" = "text") =>
  ({ label, kind, form: false }) as const;

/** A registry import (bulk parse): its progress and counts, written by the import job. */
export const vesselParseRuns = defineResource({
  type: "vessel_parse_runs",
  permission: "vessels.bulkParse",
  label: { one: "Registry import", many: "Registry imports" },
  titleAttribute: "id",
  attributes: {
    email: readOnly("Equasis account"),
    only_new: readOnly("Only new vessels", "boolean"),
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: options(PARSE_RUN_STATUSES),
      form: false,
    },
    total: readOnly("IMO numbers", "number"),
    processed: readOnly("Processed", "number"),
    created_count: readOnly("Created", "number"),
    updated_count: readOnly("Updated", "number"),
    skipped_count: readOnly("Skipped", "number"),
    failed_count: readOnly("Failed", "number"),
    /** Entries of the request that were not IMO numbers, as "value: why". */
    invalid: readOnly("Not IMO numbers", "tags"),
    error: readOnly("Error"),
    started_at: readOnly("Started", "datetime"),
    finished_at: readOnly("Finished", "datetime"),
    ...timestamps,
  },
  relationships: { author: { label: "Started by", type: "clients", cardinality: "one", readOnly: true } },
  filters: {
    status: {
      label: "Status",
      kind: "select",
      options: options(PARSE_RUN_STATUSES),
      input: z.enum(PARSE_RUN_STATUSES),
    },
  },
  defaultSort: "-created_at",
  verbs: ["list", "show"],
  history: false,
});

/** One IMO number of a registry import and what became of it. */
export const vesselParseItems = defineResource({
  type: "vessel_parse_items",
  permission: "vessels.bulkParse",
  label: { one: "Imported IMO", many: "Imported IMOs" },
  titleAttribute: "imo",
  attributes: {
    imo: readOnly("IMO"),
    position: { label: "No.", kind: "number", form: false, list: true, sortable: true },
    status: {
      label: "Result",
      kind: "select",
      list: true,
      options: options(PARSE_ITEM_STATUSES),
      form: false,
    },
    message: readOnly("Message"),
    vessel_name: readOnly("Vessel"),
    ...timestamps,
  },
  relationships: {
    run: { label: "Import", type: "vessel_parse_runs", cardinality: "one", readOnly: true },
    vessel: { label: "Vessel", type: "vessels", cardinality: "one", readOnly: true },
  },
  // GET /api/vessel_parse_runs/{id}/items
  parents: [{ type: "vessel_parse_runs", relationship: "run", path: "items" }],
  filters: {
    status: {
      label: "Result",
      kind: "select",
      options: options(PARSE_ITEM_STATUSES),
      input: z.enum(PARSE_ITEM_STATUSES),
    },
  },
  defaultSort: "position",
  verbs: ["list"],
  history: false,
  maxPageSize: 1000,
});
