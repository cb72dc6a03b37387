import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { CREW_USER_STATUSES, ROLES, ROLE_FILTER_CHOICES } from "../roles.js";
import { timestamps, titleFilter } from "./fields.js";

const roleOptions = ROLE_FILTER_CHOICES.filter((c) => c.value !== "all");
const statusOptions = CREW_USER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));
const tagList = z.array(z.string().trim().min(1).max(100)).max(200);

export const ZPassword = z
  .string()
  .min(8, "is too short (minimum is 8 characters)")
  .max(128, "is too long (maximum is 128 characters)");

const ZName = z.string().trim().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)");
const ZAvatar = z.string().trim().url("is not a valid address").max(2000).nullable();
const ZEquasisEmail = z.string().trim().toLowerCase().email("is not an email").max(255).nullable();
/** Saved sealed for the registry client (never sent back); null forgets it. */
const ZEquasisPassword = z
  .string()
  .min(1, "can't be blank")
  .max(200, "is too long (maximum is 200 characters)")
  .nullable();
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ZStatusChange = z.strictObject({ status: z.enum(CREW_USER_STATUSES) });
export const ZTagsChange = z.strictObject({ tags: tagList });
/** What one may change of one's own profile (PATCH /api/clients/me). */
export const ZProfileChange = z.strictObject({
  name: ZName.optional(),
  avatar: ZAvatar.optional(),
  equasis_email: ZEquasisEmail.optional(),
  equasis_password: ZEquasisPassword.optional(),
  password: ZPassword.optional(),
  current_password: z.string().max(200).optional(),
});

const tagAction = (label: string) =>
  ({
    label,
    method: "POST",
    alsoMethods: ["PATCH"],
    on: "member",
    permission: { key: "crewUsers", action: "update" },
    input: ZTagsChange,
  }) as const;

/** Staff accounts ("crew users"); JSON:API type `clients`, screen /crew-users. */
export const crewUsers = defineResource({
  type: "clients",
  permission: "crewUsers",
  route: "/crew-users",
  label: { one: "Crew user", many: "Crew users" },
  titleAttribute: "name",
  attributes: {
    name: { label: "Name", kind: "text", required: true, list: true, sortable: true, input: ZName },
    email: {
      label: "Email",
      kind: "email",
      required: true,
      list: true,
      sortable: true,
      input: z.string().trim().toLowerCase().email("is not an email").max(255),
    },
    password: { label: "Password", kind: "password", writeOnly: true, input: ZPassword, required: true },
    role: {
      label: "Role",
      kind: "select",
      options: roleOptions,
      required: true,
      list: true,
      sortable: true,
      input: z.enum(ROLES),
    },
    status: {
      label: "Status",
      kind: "select",
      options: statusOptions,
      list: true,
      sortable: true,
      form: false,
    },
    avatar: { label: "Avatar", kind: "image", input: ZAvatar },
    equasis_email: { label: "Equasis email", kind: "email", input: ZEquasisEmail },
    /** Whether the Equasis email and password are saved (the password itself never leaves the server). */
    equasis_ready: { label: "Equasis account saved", kind: "boolean", form: false },
    hidden_tags: { label: "Hidden tags", kind: "tags", input: tagList, form: false },
    shown_tags: { label: "Shown tags", kind: "tags", input: tagList, form: false },
    new_seafarer_tags: { label: "New seafarer tags", kind: "tags", input: tagList, form: false },
    ...timestamps,
  },
  relationships: {
    /** The office the staff member works from. */
    port: { label: "Office port", type: "ports", cardinality: "one", form: true },
    /** Vessels this user coordinates (each vessel's coordinator); POST/DELETE/PATCH assign and unassign. */
    vessels: {
      label: "Coordinated vessels",
      type: "vessels",
      cardinality: "many",
      permission: "crewUsers.assignments",
    },
    /** Owners this user is a crew inspector of. */
    owners: {
      label: "Inspected owners",
      type: "owners",
      cardinality: "many",
      permission: "crewUsers.assignments",
    },
    coordinated_vessels: {
      label: "Coordinated vessels",
      type: "vessels",
      cardinality: "many",
      readOnly: true,
    },
    /** Owners whose fleet this user recruits for (assign_owners). */
    recruited_fleets: { label: "Recruited fleets", type: "owners", cardinality: "many", readOnly: true },
  },
  // GET /api/owners/{id}/recruiters_list: the crew users recruiting for an owner's fleet.
  parents: [{ type: "owners", relationship: "recruited_fleets", path: "recruiters_list" }],
  filters: {
    name: titleFilter("Name"),
    role: { label: "Role", kind: "select", options: roleOptions, input: z.enum(ROLES) },
    status: { label: "Status", kind: "select", options: statusOptions, input: z.enum(CREW_USER_STATUSES) },
    /** Staff of the office in this port. */
    port: { label: "Port", kind: "id", type: "ports", input: id },
    /** Staff looking after this vessel: its coordinator and its recruiters. */
    vessel: { label: "Vessel", kind: "id", type: "vessels", input: id },
  },
  search: ["name", "email"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
  actions: {
    /** One's own account (the spec's "update with a null id" is `update_me`). */
    me: { label: "My profile", method: "GET", on: "collection", path: "/clients/me", permission: null },
    update_me: {
      label: "Update my profile",
      method: "PATCH",
      on: "collection",
      path: "/clients/me",
      permission: null,
      input: ZProfileChange,
    },
    status: {
      label: "Change status",
      method: "PATCH",
      on: "member",
      permission: { key: "crewUserStatus", action: "update" },
      input: ZStatusChange,
    },
    update_hidden_tags: tagAction("Hidden tags"),
    update_shown_tags: tagAction("Shown tags"),
    update_new_seafarer_tags: tagAction("New seafarer tags"),
  },
});
