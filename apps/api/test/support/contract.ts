import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Answers checked against the OpenAPI document (GET /api/openapi.json, built from the
 * contracts): the operation of the request exists, the status is declared, the media type is
 * declared for it and a JSON body matches its schema. Used by every test through
 * contract-setup.ts and by the fuzzer's checks.
 */

type TSchema = Record<string, unknown>;
interface TMedia {
  schema?: TSchema;
}
interface TResponse {
  content?: Record<string, TMedia>;
  $ref?: string;
}
interface TOperation {
  operationId?: string;
  responses?: Record<string, TResponse>;
}
export interface TDocument {
  paths?: Record<string, Record<string, TOperation>>;
  components?: { responses?: Record<string, TResponse> };
}

export interface TAnswer {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
  contentType: string | undefined;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  /** Whether the body was empty. */
  empty: boolean;
}

interface TRoute {
  method: string;
  path: string;
  regex: RegExp;
  params: number;
  /** Segment by segment: 0 static, 1 parameter (static first wins, as express mounts actions before `/:id`). */
  shape: number[];
  operation: TOperation;
}

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const mediaOf = (contentType: string | undefined) =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
const isJsonMedia = (media: string) => media === "application/json" || media.endsWith("+json");

export const contractChecker = (doc: TDocument) => {
  const routes: TRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const segments = path.split("/").slice(1);
    const regex = new RegExp(
      `^/${segments.map((s) => (s.startsWith("{") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`,
    );
    const shape = segments.map((s) => (s.startsWith("{") ? 1 : 0));
    for (const [method, operation] of Object.entries(item))
      routes.push({
        method,
        path,
        regex,
        params: shape.reduce((a: number, b) => a + b, 0),
        shape,
        operation,
      });
  }
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats.default(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(doc, "openapi");
  const validators = new Map<string, ValidateFunction>();
  /** Compiled once per key: a component's pointer, or an inline schema's text (many operations answer the same shape). */
  const validatorOf = (key: string, pointer: string): ValidateFunction => {
    let v = validators.get(key);
    if (!v) {
      v = ajv.compile({ $ref: `openapi#${pointer}` });
      validators.set(key, v);
    }
    return v;
  };

  /** The documented operation a request reaches, as express would route it. */
  const match = (method: string, path: string): TRoute | undefined => {
    const candidates = routes.filter((r) => r.method === method && r.regex.test(path));
    candidates.sort((a, b) => {
      for (let i = 0; i < Math.min(a.shape.length, b.shape.length); i++)
        if (a.shape[i] !== b.shape[i]) return (a.shape[i] ?? 0) - (b.shape[i] ?? 0);
      return a.params - b.params;
    });
    return candidates[0];
  };

  /** What is wrong with an answer by the document, or an empty list. */
  const problemsOf = (answer: TAnswer): string[] => {
    const method = answer.method.toLowerCase();
    const path = answer.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/") || method === "options" || method === "head") return [];
    const label = `${answer.method} ${path} -> ${answer.status}`;
    const route = match(method, path);
    if (!route) {
      // Unknown routes: the JSON:API 404 (or 401 first, without a session; 400 for a path the input guard refuses).
      return [400, 401, 404, 405, 413, 415].includes(answer.status)
        ? []
        : [`${label}: no operation in the OpenAPI document serves this route`];
    }
    const responses = route.operation.responses ?? {};
    const key = String(answer.status);
    let response = responses[key] ?? responses[`${key[0] ?? ""}XX`] ?? responses.default;
    let pointerBase = `/paths/${escapePointer(route.path)}/${method}/responses/${key}`;
    if (!response)
      return [
        `${label}: status ${answer.status} is not declared by ${route.operation.operationId ?? route.path}`,
      ];
    if (response.$ref) {
      const name = response.$ref.split("/").pop() ?? "";
      response = doc.components?.responses?.[name] ?? {};
      pointerBase = `/components/responses/${escapePointer(name)}`;
    }
    if (answer.empty || answer.status === 204) return [];
    const media = mediaOf(answer.contentType);
    const content = response.content ?? {};
    if (!Object.keys(content).length)
      return [`${label}: the document declares no body, the answer has one (${media})`];
    if (!isJsonMedia(media)) {
      const declared = Object.keys(content).some(
        (m) => m === media || m === "application/octet-stream" || m === "*/*",
      );
      return declared
        ? []
        : [`${label}: media type ${media} is not declared (${Object.keys(content).join(", ")})`];
    }
    if (!content[media])
      return [`${label}: media type ${media} is not declared (${Object.keys(content).join(", ")})`];
    const schema = content[media].schema;
    if (!schema) return [];
    // A schema that is a component's $ref is compiled once for every operation that answers it.
    const ref =
      typeof schema.$ref === "string" && schema.$ref.startsWith("#/") ? schema.$ref.slice(1) : undefined;
    const validate = ref
      ? validatorOf(ref, ref)
      : validatorOf(JSON.stringify(schema), `${pointerBase}/content/${escapePointer(media)}/schema`);
    if (validate(answer.json)) return [];
    return [
      `${label}: body does not match ${route.operation.operationId ?? route.path}: ${ajv
        .errorsText(validate.errors, { separator: "; " })
        .slice(0, 600)} — body: ${JSON.stringify(answer.json).slice(0, 400)}`,
    ];
  };

  return {
    problemsOf,
    match: (method: string, path: string) => match(method.toLowerCase(), path)?.operation,
  };
};

export type TContractChecker = ReturnType<typeof contractChecker>;
