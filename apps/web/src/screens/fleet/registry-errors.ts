import { firstErrorMessage, isApiError } from "../../api";
import { FLEET_NOTICES } from "./vessel-messages";

/** What went wrong with a registry (Equasis) call, by the JSON:API error code the server sends. */
export type TRegistryProblem = { kind: "login" | "account" | "other"; message: string };

export const registryProblemOf = (error: unknown): TRegistryProblem => {
  const first = isApiError(error) ? error.apiErrors[0] : undefined;
  if (first?.code === "equasis_login_failed")
    return { kind: "login", message: FLEET_NOTICES.registryLoginWrong };
  if (first?.code === "equasis_account_missing")
    return { kind: "account", message: first.detail ?? first.title };
  if (!first) return { kind: "other", message: firstErrorMessage(error) };
  return {
    kind: "other",
    message: first.detail && first.detail !== first.title ? `${first.title}: ${first.detail}` : first.title,
  };
};

/**
 * A registry call's failure the dialog reads itself: the server's 422s (Equasis refused the
 * login, no account saved, the registry unreachable or not configured, input it cannot use).
 * Anything else (401, 403, 404, 400, 500, no connection) is left to spec 000 §8's rules.
 */
export const registryRefusalOf = (error: unknown): TRegistryProblem | null =>
  isApiError(error) && error.status === 422 ? registryProblemOf(error) : null;
