import { NOTICE_TEXT } from "../notices/notice-text";
import type { TResourceDef } from "@crew/contracts";

/** Notices after a write; spec 8.2 words the generic ones, documents 2 and 3 name others. */
export interface TScreenMessages {
  created: string;
  updated: string;
  deleted: string;
}

/** What the generic screens need to know about one resource, all derived from its definition. */
export interface TScreenConfig {
  def: TResourceDef;
  /** Client base path (`/vessel-types`). */
  base: string;
  /** Local storage name (`vesselTypes.filter`, …): the permission key, as the spec's `users`, `taskManager`. */
  list: string;
  messages: TScreenMessages;
}

export const screenConfigOf = (
  def: TResourceDef,
  messages: Partial<TScreenMessages> = {},
): TScreenConfig => ({
  def,
  base: def.route ?? `/${def.type}`,
  list: def.permission,
  messages: {
    created: NOTICE_TEXT.created(def.label.one),
    updated: NOTICE_TEXT.updated(def.label.one),
    deleted: NOTICE_TEXT.deleted(def.label.one),
    ...messages,
  },
});
