import { z } from "zod";

/**
 * The kinds of notification a staff member may switch on and off in the profile (issue 16 §2).
 * A notice of another kind (a document about to expire) is always sent.
 */
export const NOTIFICATION_KINDS = ["mention", "recruited_applicant", "coordinated_plan", "task"] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, { label: string; description: string }> = {
  mention: {
    label: "Mentions",
    description: "Someone mentions me with @ in a comment",
  },
  recruited_applicant: {
    label: "Comments on my seafarers",
    description: "A comment on a seafarer I recruit",
  },
  coordinated_plan: {
    label: "Comments on my vessels' plans",
    description: "A comment on a plan of a vessel I coordinate",
  },
  task: {
    label: "Tasks I watch",
    description: "A task I wrote, am assigned or was mentioned on: assigned, commented, moved, due",
  },
};

/** Each kind on (true) or off; a kind not stored is on. */
export type TNotificationSettings = Record<TNotificationKind, boolean>;

/** Body of PATCH /api/notifications/settings: the kinds to change, the rest stay as they are. */
export const ZNotificationSettingsChange = z.strictObject({
  mention: z.boolean().optional(),
  recruited_applicant: z.boolean().optional(),
  coordinated_plan: z.boolean().optional(),
  task: z.boolean().optional(),
});

/** Answer of GET and PATCH /api/notifications/settings. */
export const ZNotificationSettingsAnswer = z.object({
  settings: z.object({
    mention: z.boolean(),
    recruited_applicant: z.boolean(),
    coordinated_plan: z.boolean(),
    task: z.boolean(),
  }),
});

/** The settings as stored (a JSON object; unknown or missing kinds read as on). */
export const notificationSettingsOf = (stored: unknown): TNotificationSettings => {
  const raw = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, raw[k] !== false])) as TNotificationSettings;
};

/** Whether a notice of this kind reaches a person with these stored settings (no kind: always). */
export const wantsNotification = (stored: unknown, kind: string | null | undefined): boolean =>
  !kind || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)
    ? true
    : notificationSettingsOf(stored)[kind as TNotificationKind];
