import { can, type TAction } from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";

/** The one access check every service method starts with. */
export const requireAccess = (actor: TActor, key: string, action: TAction | "enable"): void => {
  if (!can(actor.permissions, key, action)) {
    throw AppError.forbidden(`Your role may not ${action} ${key}.`);
  }
};

const VERB_ACTION = {
  list: "read",
  show: "read",
  create: "create",
  update: "update",
  delete: "delete",
} as const;
export const actionOfVerb = (verb: keyof typeof VERB_ACTION): TAction => VERB_ACTION[verb];
