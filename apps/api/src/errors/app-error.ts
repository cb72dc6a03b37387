import type { TErrorObject } from "@crew/contracts";

/** The one error type of the server; the error middleware renders it as JSON:API errors[]. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** An outside service we called answered wrongly or not at all (a crew job site down). */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  /** An outside service we called did not answer in time. */
  GATEWAY_TIMEOUT: 504,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

const TITLES: Record<TErrorCode, string> = {
  BAD_REQUEST: "Bad Request",
  UNAUTHORIZED: "Unauthorized",
  FORBIDDEN: "Forbidden",
  NOT_FOUND: "Not Found",
  CONFLICT: "Conflict",
  PAYLOAD_TOO_LARGE: "Payload Too Large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported Media Type",
  UNPROCESSABLE: "Unprocessable Entity",
  TOO_MANY_REQUESTS: "Too Many Requests",
  INTERNAL: "Internal Server Error",
  BAD_GATEWAY: "Bad Gateway",
  UNAVAILABLE: "Service Unavailable",
  GATEWAY_TIMEOUT: "Gateway Timeout",
};

export interface TFieldIssue {
  /** Attribute or relationship name; becomes /data/attributes/<field> (or /data/relationships/<field>). */
  field: string;
  message: string;
  location?: "attributes" | "relationships";
  /** The message is a whole sentence (it names its subject): the detail is the message alone, not "<field> <message>". */
  sentence?: boolean;
}

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly errors: TErrorObject[];

  constructor(code: TErrorCode, detail: string, errors?: TErrorObject[]) {
    super(detail);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors ?? [{ status: String(this.status), title: TITLES[code], detail }];
  }

  static badRequest(detail: string, parameter?: string): AppError {
    return new AppError("BAD_REQUEST", detail, [
      { status: "400", title: "Bad Request", detail, ...(parameter ? { source: { parameter } } : {}) },
    ]);
  }
  static unauthorized(detail = "You need to sign in or sign up before continuing."): AppError {
    return new AppError("UNAUTHORIZED", detail);
  }
  static forbidden(detail = "You are not allowed to do this."): AppError {
    return new AppError("FORBIDDEN", detail);
  }
  static notFound(detail = "Record not found."): AppError {
    return new AppError("NOT_FOUND", detail);
  }
  static conflict(detail: string): AppError {
    return new AppError("CONFLICT", detail);
  }
  /**
   * Field errors: the title is the message (the client shows the title on the field), the
   * pointer names the field in its fourth segment.
   */
  static invalid(issues: TFieldIssue[]): AppError {
    const errors = issues.map(({ field, message, location = "attributes", sentence = false }) => ({
      status: "422",
      code: "invalid",
      title: message,
      detail: sentence ? message : `${field} ${message}`,
      source: { pointer: `/data/${location}/${field}` },
    }));
    return new AppError("UNPROCESSABLE", errors.map((e) => e.detail).join(", "), errors);
  }
}
