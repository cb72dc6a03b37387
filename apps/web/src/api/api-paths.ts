import { actionPath, nestedPath, type TActionDef, type TParentDef, type TResourceDef } from "@crew/contracts";

/**
 * Every address the data provider calls, in one place. Action and nested-list paths come
 * from the contracts' helpers (the same ones the server mounts and the permission matrix
 * lists), so the client never spells them itself.
 */
const seg = (value: string | number): string => encodeURIComponent(String(value));

export const apiPaths = {
  collection: (type: string): string => `/${type}`,
  member: (type: string, id: string | number): string => `/${type}/${seg(id)}`,
  /** JSON:API relationship endpoint: GET, PATCH (replace), POST (add), DELETE (remove). */
  relationship: (type: string, id: string | number, name: string): string =>
    `/${type}/${seg(id)}/relationships/${name}`,
  versions: (type: string, id: string | number): string => `/${type}/${seg(id)}/versions`,
  /** Uploads (POST, multipart) and order (PATCH {ids}) of a file attribute. */
  files: (type: string, id: string | number, attribute: string): string =>
    `/${type}/${seg(id)}/files/${attribute}`,
  file: (fileId: string | number): string => `/files/${seg(fileId)}`,
  selectOptions: (): string => "/select_options",
  /** The server-sent event stream of changes to these live types (docs/live.md). */
  live: (types: string): string => `/live?types=${encodeURIComponent(types)}`,
  /** `/{parent}/{parentId}/{path}`: the children of one parent record. */
  nested: (def: TResourceDef, parent: TParentDef, parentId: string | number): string =>
    nestedPath(def, parent).replace(":parentId", seg(parentId)),
  /** An action's address; a member action needs its record's id. */
  action: (def: TResourceDef, name: string, action: TActionDef, id?: string | number): string => {
    const path = actionPath(def, name, action);
    if (!path.includes(":id")) return path;
    if (id === undefined || id === "") throw new Error(`Action ${def.type}.${name} needs a record id`);
    return path.replace(":id", seg(id));
  },
} as const;
