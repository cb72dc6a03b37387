/**
 * Reason phrases by status. Over HTTP/2 `Response.statusText` is empty, yet error messages
 * (spec 8.1: '<status> <status text>') and notice titles need the phrase.
 */
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export const statusTextOf = (status: number, given: string): string => given || REASONS[status] || "Error";
