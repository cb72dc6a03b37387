import type { TResourceRecord } from "../data/resource-types";
import type { TListLinks } from "../list/ResourceListView";

/**
 * Edit and delete of a child list's rows open as dialogs under its tab (`/users/5/documents/9/edit`),
 * keeping the list's query string; each only where the caller may.
 */
export const childRowLinks = (
  tabPath: string,
  search: string,
  may: { edit: boolean; delete: boolean },
): Pick<TListLinks, "edit" | "delete"> => ({
  edit: may.edit ? (record: TResourceRecord) => `${tabPath}/${record.id}/edit${search}` : undefined,
  delete: may.delete ? (record: TResourceRecord) => `${tabPath}/${record.id}/delete${search}` : undefined,
});
