import type { TResourceDef } from "@crew/contracts";
import type { z } from "zod";
import { AppError, type TFieldIssue } from "../errors/app-error.js";

/**
 * Body of an action route (status change, tag lists, profile): a JSON:API document
 * `{data: {type, attributes}}` or, as the spec's notification calls send, a bare object.
 * Unknown names are 400; invalid values 422 with pointers.
 */
export const parseAttributes = <S extends z.ZodType>(
  def: TResourceDef | undefined,
  schema: S,
  body: unknown,
): z.infer<S> => {
  let attributes: unknown = body ?? {};
  if (typeof body === "object" && body !== null && "data" in body) {
    const data = body.data;
    if (typeof data !== "object" || data === null) throw AppError.badRequest("data must be an object");
    const { type, attributes: a } = data as { type?: unknown; attributes?: unknown };
    if (def && type !== undefined && type !== def.type)
      throw AppError.conflict(`data.type must be '${def.type}'`);
    attributes = a ?? {};
  }
  const parsed = schema.safeParse(attributes);
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.find((i) => i.code === "unrecognized_keys");
  if (unknown && "keys" in unknown)
    throw AppError.badRequest(`Unknown attribute(s): ${unknown.keys.join(", ")}`);
  const issues: TFieldIssue[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "base");
    if (!issues.some((i) => i.field === field))
      issues.push({
        field,
        message:
          issue.code === "invalid_type" && issue.input === undefined ? "can't be blank" : issue.message,
      });
  }
  throw AppError.invalid(issues);
};
