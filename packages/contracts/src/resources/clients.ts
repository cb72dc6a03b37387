import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { CLIENT_STATUSES, ROLES, ROLE_FILTER_CHOICES } from "../roles.js";
import { createdAt, titleFilter, updatedAt } from "./fields.js";

const roleOptions = ROLE_FILTER_CHOICES.filter((c) => c.value !== "all");
const statusOptions = CLIENT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));
const tagList = z.array(z.string().trim().min(1).max(100)).max(200);

export const ZPassword = z
  .string()
  .min(8, "is too short (minimum is 8 characters)")
  .max(128, "is too long (maximum is 128 characters)");

/** Staff accounts ("crew users"); JSON:API type `clients`, screen /crew-users. */
export const clients = defineResource({
  type: "clients",
  permission: "crewUsers",
  route: "/crew-users",
  label: { one: "User", many: "Users" },
  titleAttribute: "name",
  attributes: {
    name: {
      label: "Name", kind: "text", required: true, list: true, sortable: true,
      input: z.string().trim().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)"),
    },
    email: {
      label: "Email", kind: "email", required: true, list: true, sortable: true,
      input: z.string().trim().toLowerCase().email("is not an email").max(255),
    },
    password: { label: "Password", kind: "password", writeOnly: true, input: ZPassword, required: true },
    role: {
      label: "Role", kind: "select", options: roleOptions, required: true, list: true, sortable: true,
      input: z.enum(ROLES),
    },
    status: { label: "Status", kind: "select", options: statusOptions, list: true, sortable: true, form: false },
    avatar: { label: "Avatar", kind: "image", input: z.string().trim().url("is not a valid address").max(2000).nullable() },
    equasis_email: {
      label: "Equasis email", kind: "email",
      input: z.string().trim().toLowerCase().email("is not an email").max(255).nullable(),
    },
    hidden_tags: { label: "Hidden tags", kind: "tags", input: tagList, form: false },
    shown_tags: { label: "Shown tags", kind: "tags", input: tagList, form: false },
    new_seafarer_tags: { label: "New seafarer tags", kind: "tags", input: tagList, form: false },
    created_at: createdAt,
    updated_at: updatedAt,
  },
  filters: {
    name: titleFilter("Name"),
    role: { label: "Role", kind: "select", options: roleOptions, input: z.enum(ROLES) },
    status: { label: "Status", kind: "select", options: statusOptions, input: z.enum(CLIENT_STATUSES) },
  },
  search: ["name", "email"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
});

export const ZStatusChange = z.strictObject({ status: z.enum(CLIENT_STATUSES) });
export const ZTagsChange = z.strictObject({ tags: tagList });
/** What one may change of one's own profile (PATCH /api/clients/me). */
export const ZProfileChange = z.strictObject({
  name: clients.attributes.name.input.optional(),
  avatar: clients.attributes.avatar.input.optional(),
  equasis_email: clients.attributes.equasis_email.input.optional(),
  password: ZPassword.optional(),
  current_password: z.string().max(200).optional(),
});
