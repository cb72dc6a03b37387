import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

/**
 * The JSON:API 1.0 response schema from the specification's own repository
 * (json-api/json-api, `_schemas/1.0/schema.json`), kept in the repository (schemas/README.md).
 */
const schema = JSON.parse(
  readFileSync(new URL("./schemas/jsonapi-1.0-response-schema.json", import.meta.url), "utf8"),
) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** Asserts a response body is a valid JSON:API document. */
export const expectJsonApi = (body: unknown): void => {
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
};
