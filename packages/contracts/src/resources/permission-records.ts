import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ROLES } from "../roles.js";

const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const flag = (label: string) => ({ label, kind: "boolean" as const, input: z.boolean(), list: true });
const id = z.coerce.number().int().positive();

/**
 * Permission records: a tree (parent_id) of role defaults (role set) and per-client
 * overrides (client_id set). `filter[client_id]` answers the client's effective records.
 */
export const permissionRecords = defineResource({
  type: "permissions",
  permission: "permissions",
  route: "/permissions",
  label: { one: "Permission", many: "Permissions" },
  titleAttribute: "item",
  attributes: {
    item: {
      label: "Item",
      kind: "text",
      required: true,
      list: true,
      sortable: true,
      input: z
        .string()
        .trim()
        .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "must be a permission key")
        .max(100),
    },
    key: { label: "Key", kind: "text", sortable: false },
    parent_id: { label: "Parent", kind: "number", input: id.nullable(), sortable: true },
    permission_type: {
      label: "Type",
      kind: "select",
      list: true,
      sortable: true,
      options: [
        { value: "section", label: "Section" },
        { value: "model", label: "Model" },
      ],
      input: z.enum(["section", "model"]),
    },
    enable: flag("Enabled"),
    can_read: flag("Read"),
    can_create: flag("Create"),
    can_update: flag("Update"),
    can_delete: flag("Delete"),
    role: {
      label: "Role",
      kind: "select",
      options: ROLES.map((r) => ({ value: r, label: r })),
      input: z.enum(ROLES).nullable(),
      list: true,
      sortable: true,
    },
    client_id: { label: "Client", kind: "number", input: id.nullable(), sortable: true },
  },
  filters: {
    client_id: { label: "Client", kind: "id", input: id },
    role: {
      label: "Role",
      kind: "select",
      options: ROLES.map((r) => ({ value: r, label: r })),
      input: z.enum(ROLES),
    },
    only_role: { label: "Role defaults only", kind: "boolean", input: bool },
    parent_id: { label: "Parent", kind: "id", input: id },
    permission_type: { label: "Type", kind: "select", input: z.enum(["section", "model"]) },
    item: { label: "Item", kind: "text", input: z.string().max(100) },
  },
  defaultSort: "item",
  verbs: ALL_VERBS,
});
