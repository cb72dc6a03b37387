import { fieldOfPointer } from "@crew/contracts";
import { isApiError } from "../api/api-error";

/**
 * Server validation errors by form field (spec 5): a 422 error whose source pointer is
 * /data/attributes/<field> (or /data/relationships/<name>) lands on that field, with the
 * error title as its message. The first error of a field wins, as forms show one line.
 */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (!isApiError(error) || error.status !== 422) return fields;
  for (const item of error.apiErrors) {
    const field = fieldOfPointer(item.source?.pointer);
    if (field && !(field in fields)) fields[field] = item.title;
  }
  return fields;
};
