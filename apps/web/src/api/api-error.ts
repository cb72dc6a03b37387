import type { TErrorObject } from "@crew/contracts";

/**
 * An HTTP error as spec 8.1 describes it: message '<status> <status text>', the body's
 * errors kept as apiErrors. Status 0 stands for a request that never got an answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly apiErrors: readonly TErrorObject[];

  constructor(status: number, statusText: string, apiErrors: readonly TErrorObject[]) {
    super(`${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.apiErrors = apiErrors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What a person should read: the first error's detail, else its title, else the message. */
export const firstErrorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    const first = error.apiErrors[0];
    return first?.detail || first?.title || error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
};

const isErrorObject = (value: unknown): value is TErrorObject =>
  typeof value === "object" && value !== null && typeof (value as { title?: unknown }).title === "string";

/** The errors array of a JSON:API error body, or one synthetic error when the body has none. */
export const errorsOfBody = (body: unknown, status: number, statusText: string): TErrorObject[] => {
  const errors =
    typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (Array.isArray(errors)) {
    const valid = errors.filter(isErrorObject);
    if (valid.length > 0) return valid;
  }
  return [{ status: String(status), title: statusText }];
};
