import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { findUp } from "../../src/lib/find-up.js";

/** The JSON:API 1.0 response schema from the specification's repository (shared/data). */
const schemaPath = findUp("shared/data/jsonapi-1.0-response-schema.json") ?? findUp("../shared/data/jsonapi-1.0-response-schema.json");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = schemaPath ? ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")) as object) : undefined;

/** Asserts a response body is a valid JSON:API document. */
export const expectJsonApi = (body: unknown): void => {
  if (!validate) throw new Error("JSON:API schema not found (shared/data)");
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
};
