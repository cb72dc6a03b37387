import { ALL_VERBS, defineResource, type TResourceDef } from "../resource.js";
import type { TPermissionKey } from "../permissions/keys.js";
import { timestamps, title, titleFilter } from "./fields.js";

/** A plain reference list: one unique title. Adding one is a line in reference-lists.ts plus a table. */
export const plainList = <const T extends string, const K extends TPermissionKey>(
  type: T,
  permission: K,
  route: string,
  one: string,
  many: string,
) =>
  defineResource({
    type,
    permission,
    route,
    label: { one, many },
    titleAttribute: "title",
    attributes: { title: title(), ...timestamps },
    filters: { title: titleFilter() },
    search: ["title"],
    defaultSort: "title",
    verbs: ALL_VERBS,
    selectable: true,
  }) satisfies TResourceDef;
