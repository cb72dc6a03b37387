import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { TRawAnswer } from "./http-client.js";
import type { TCase } from "./cases.js";
import { openApiDocument } from "@crew/openapi";
import { contractChecker, type TContractChecker, type TDocument } from "../support/contract.js";

let contract: TContractChecker | undefined;
/** The answer by the OpenAPI document: its operation, a declared status, a body matching the schema. */
const contractProblems = (c: TCase, answer: TRawAnswer): string[] =>
  (contract ??= contractChecker(openApiDocument() as TDocument)).problemsOf({
    method: c.method,
    url: c.path,
    status: answer.status,
    contentType: String(answer.headers["content-type"] ?? "") || undefined,
    json: answer.json,
    empty: answer.text === "",
  });

/** The statuses a refused request may carry (hardening issue, section 3). */
export const ALLOWED_ERROR_STATUSES = new Set([400, 401, 403, 404, 409, 413, 415, 422]);

const schema = JSON.parse(
  readFileSync(new URL("../support/schemas/jsonapi-1.0-response-schema.json", import.meta.url), "utf8"),
) as object;
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const validateDocument = ajv.compile(schema);

/** Route kinds whose answers are JSON:API documents (actions and options keep the spec's shapes). */
const DOCUMENT_KINDS = new Set([
  "list",
  "show",
  "create",
  "update",
  "relationship",
  "nested",
  "nested-create",
  "versions",
]);

/**
 * What is wrong with an answer, or an empty list: never a 5xx; every error a JSON:API
 * `errors[]` with an allowed status matching the answer's; a 422 points at its field; a
 * success as a role the route denies or without a session is a hole; a document is JSON:API.
 */
export const problemsOf = (
  c: TCase,
  answer: TRawAnswer,
  opts: { permissionsUntouched: boolean },
): string[] => {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    if (!ALLOWED_ERROR_STATUSES.has(status) && status < 500)
      problems.push(`status ${status} is not one of ${[...ALLOWED_ERROR_STATUSES].join(", ")}`);
    const type = String(answer.headers["content-type"] ?? "");
    if (!type.startsWith("application/vnd.api+json"))
      problems.push(`error answer is ${type || "untyped"}, not application/vnd.api+json`);
    const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
    if (!Array.isArray(errors) || errors.length === 0) problems.push("error answer has no errors[]");
    else {
      for (const e of errors as { status?: unknown; title?: unknown; source?: { pointer?: unknown } }[]) {
        if (e.status !== String(status))
          problems.push(`an error's status ${String(e.status)} differs from the answer's ${status}`);
        if (typeof e.title !== "string" || !e.title) problems.push("an error has no title");
        if (status === 422 && (typeof e.source?.pointer !== "string" || !e.source.pointer.startsWith("/")))
          problems.push("a 422 error names no field in source.pointer");
      }
    }
  }
  if (status >= 200 && status < 300) {
    if (c.as === "anonymous" || c.as === "forged")
      problems.push(`answered ${status} without a valid session`);
    if (c.as === "denied" && opts.permissionsUntouched)
      problems.push(`answered ${status} to a role the route's permission denies`);
    if (
      DOCUMENT_KINDS.has(c.route.kind) &&
      status !== 204 &&
      answer.json !== undefined &&
      !validateDocument(answer.json)
    ) {
      problems.push(`not a JSON:API document: ${ajv.errorsText(validateDocument.errors).slice(0, 300)}`);
    }
  }
  if (status > 0) problems.push(...contractProblems(c, answer));
  return problems;
};
