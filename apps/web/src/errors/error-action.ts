import { firstErrorMessage, isApiError } from "../api/api-error";
import { fieldErrorsOf } from "./field-errors";

/** What the global rules of spec 8.1 do with a failed call. */
export type TErrorAction =
  | { kind: "redirect"; to: "/login" | "/page-forbidden" | "/page-not-found" }
  | { kind: "notice"; title: string; lines: string[] }
  | { kind: "fields"; fields: Record<string, string> };

/** The server text of a 400/500, one line per comma-separated part (spec 8.1). */
export const serverErrorLines = (error: unknown): string[] => {
  const text = isApiError(error)
    ? error.apiErrors.map((e) => e.detail || e.title).join(",")
    : firstErrorMessage(error);
  const lines = text
    .split(",")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return lines.length > 0 ? lines : [firstErrorMessage(error)];
};

export const classifyError = (error: unknown): TErrorAction => {
  if (!isApiError(error)) return { kind: "notice", title: "Error", lines: [firstErrorMessage(error)] };
  switch (error.status) {
    case 401:
      return { kind: "redirect", to: "/login" };
    case 403:
      return { kind: "redirect", to: "/page-forbidden" };
    case 404:
      return { kind: "redirect", to: "/page-not-found" };
    case 400:
    case 500:
      return { kind: "notice", title: `${error.status} Server Error`, lines: serverErrorLines(error) };
    case 422: {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) return { kind: "fields", fields };
      // Spec 001 §8 / 002 §8: the first error's title over its message.
      const first = error.apiErrors[0];
      const title = first?.title && first.detail && first.title !== first.detail ? first.title : "Error";
      return { kind: "notice", title, lines: [firstErrorMessage(error)] };
    }
    case 0:
      return {
        kind: "notice",
        title: "Connection problem",
        lines: ["The server cannot be reached. Check the connection and try again."],
      };
    default:
      // Statuses the spec leaves open (409, 429, 502, ...): say what the server said.
      return { kind: "notice", title: error.message, lines: [firstErrorMessage(error)] };
  }
};
