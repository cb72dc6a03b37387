import { can, type TPermissionMap } from "./permissions/flags.js";
import { RESOURCES } from "./resources/index.js";

/** A form that chooses records of a type: the key its write needs, and the keys of its possible parents. */
interface TPickerForm {
  key: string;
  /** Records kept under parents (an applicant's sea service) are written only by readers of one of them. */
  parentKeys: readonly string[];
}

/**
 * The forms that choose records of `type`: every resource with a form relationship to it (a
 * guest creating an applicant picks the rank applied for, though the role maps give guests no
 * read on ranks). The key is the relationship's own when it has one.
 */
const pickerForms = (type: string): readonly TPickerForm[] => {
  const forms: TPickerForm[] = [];
  for (const def of Object.values(RESOURCES)) {
    const parentKeys = (def.parents ?? []).flatMap((p) => RESOURCES[p.type]?.permission ?? []);
    for (const rel of Object.values(def.relationships ?? {})) {
      if (rel.type === type && rel.form && !rel.readOnly)
        forms.push({ key: rel.permission ?? def.permission, parentKeys });
    }
  }
  return forms;
};

const PICKER_FORMS = new Map<string, readonly TPickerForm[]>();

/**
 * True when the map lets its holder submit some form that picks records of `type`: it may then
 * see their ids and titles (select_options) and name them in writes, within the type's scope,
 * but not read the records themselves.
 */
export const mayPick = (map: TPermissionMap, type: string): boolean => {
  let forms = PICKER_FORMS.get(type);
  if (!forms) {
    forms = pickerForms(type);
    PICKER_FORMS.set(type, forms);
  }
  return forms.some(
    (f) =>
      (can(map, f.key, "create") || can(map, f.key, "update")) &&
      (f.parentKeys.length === 0 || f.parentKeys.some((k) => can(map, k, "read"))),
  );
};
