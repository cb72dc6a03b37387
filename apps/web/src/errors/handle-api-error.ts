import { notifyError, noticeLines } from "../notices/notices";
import { classifyError, type TErrorAction } from "./error-action";

/** Any router's navigate (react-router's NavigateFunction fits). */
export type TNavigate = (to: string, options?: { replace?: boolean }) => unknown;

/**
 * Applies the global HTTP error rules (spec 8.1) and returns what it did. A `fields`
 * result is left to the caller, which owns the form: set each message on its field.
 */
export const handleApiError = (error: unknown, navigate: TNavigate): TErrorAction => {
  const action = classifyError(error);
  switch (action.kind) {
    case "redirect":
      navigate(action.to, { replace: action.to === "/login" });
      break;
    case "notice":
      notifyError(noticeLines(action.lines), action.title);
      break;
    case "fields":
      break;
  }
  // Spec 8.1: failed writes are also logged for whoever opens the console.
  if (action.kind !== "redirect") console.error(error);
  return action;
};
