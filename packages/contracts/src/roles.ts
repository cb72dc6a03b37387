import { z } from "zod";

export const ROLES = [
  "admin",
  "manager",
  "guest",
  "partner",
  "superuser",
  "partner_view",
  "freelance",
] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Role filter choices of the crew-users list, in the spec's order (value null means All). */
export const ROLE_FILTER_CHOICES: readonly { value: TRole | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "superuser", label: "superuser" },
  { value: "admin", label: "admin" },
  { value: "manager", label: "manager" },
  { value: "guest", label: "guest" },
  { value: "partner", label: "partner" },
  { value: "partner_view", label: "partner view only" },
  { value: "freelance", label: "freelance" },
];

export const CREW_USER_STATUSES = ["active", "away", "deactivated"] as const;
export const ZCrewUserStatus = z.enum(CREW_USER_STATUSES);
export type TCrewUserStatus = z.infer<typeof ZCrewUserStatus>;
