import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title, titleFilter } from "./fields.js";

export const DEPARTMENTS = [
  { value: "deck", label: "Deck" },
  { value: "engine", label: "Engine" },
  { value: "galley", label: "Galley" },
  { value: "other", label: "Other" },
] as const;

export const ranks = defineResource({
  type: "ranks",
  permission: "ranks",
  route: "/ranks",
  label: { one: "Rank", many: "Ranks" },
  titleAttribute: "title",
  attributes: {
    title: title(),
    department: {
      label: "Department",
      kind: "select",
      options: DEPARTMENTS,
      input: z.enum(["deck", "engine", "galley", "other"]),
      required: true,
      list: true,
      sortable: true,
    },
    /** 1-based position; writing it moves the rank there and renumbers the others. */
    crewing_priority: {
      label: "Crewing priority",
      kind: "number",
      input: z.coerce.number().int().min(1, "must be greater than or equal to 1").max(10_000),
      list: true,
      sortable: true,
      form: false,
    },
    ...timestamps,
  },
  relationships: {
    /** STCW level (management, operational, support): the owner's fee per level applies. */
    role_level: { label: "Level", type: "role_levels", cardinality: "one", form: true },
  },
  filters: {
    title: titleFilter(),
    department: {
      label: "Department",
      kind: "select",
      options: DEPARTMENTS,
      input: z.enum(["deck", "engine", "galley", "other"]),
    },
  },
  search: ["title"],
  defaultSort: "crewing_priority",
  verbs: ALL_VERBS,
  selectable: true,
  // Every rank picker lists ranks by seniority, as the planner and the manning scales do.
  optionsOrder: "crewing_priority",
});
