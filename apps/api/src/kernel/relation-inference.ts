import type { TResourceDef } from "@crew/contracts";
import { prismaRelations } from "../generated/relations.js";
import type { TResourceEntry } from "./binding.js";
import type { TModel } from "./model-types.js";
import { camel } from "./naming.js";
import type { TRelationMap } from "./relations.js";

/** A Prisma relation field (scripts/prisma-relations-generator.mjs writes them from the schema). */
interface TRelationField {
  model: TModel;
  isList: boolean;
  relationName: string;
  /** This side's foreign-key fields (empty on the side the other model points from). */
  from: readonly string[];
}
const RELATIONS: Readonly<Record<string, Readonly<Record<string, TRelationField>>>> = prismaRelations;
const fieldsOf = (model: string): Readonly<Record<string, TRelationField>> => RELATIONS[model] ?? {};
/** The one foreign-key field of a relation field, if it has exactly one. */
const singleKey = (field: TRelationField): string | undefined =>
  field.from.length === 1 ? field.from[0] : undefined;

/**
 * How a relationship is stored, read off the model's Prisma relation field of the same name
 * (`manning_scales` → `manningScales`), or why it cannot be told:
 * - the field holds one foreign key on this row → `fk`;
 * - the related model points back here by one key and is the relationship's target → `inverse`;
 * - the related model points back here by one key and exactly one other single key of it
 *   reaches the target → `through` (a to-one field: `single`).
 * `targetModel` is the Prisma model bound to the relationship's type, if that type is bound.
 */
export const inferRelation = (
  model: string,
  name: string,
  targetModel: string | undefined,
): TRelationMap | { reason: string } => {
  const fieldName = camel(name);
  const field = fieldsOf(model)[fieldName];
  if (!field) return { reason: `${model} has no relation field ${fieldName}` };
  if (field.from.length) {
    const key = singleKey(field);
    return key && !field.isList
      ? { kind: "fk", field: key }
      : { reason: `${model}.${fieldName} has a composite key` };
  }
  const back = Object.entries(fieldsOf(field.model)).find(
    ([, f]) => f.relationName === field.relationName && f.model === model && f.from.length > 0,
  );
  const fk = back ? singleKey(back[1]) : undefined;
  if (!back || !fk) return { reason: `${field.model} points back at ${model} by no single key` };
  if (targetModel === undefined) return { reason: "its type is not bound to a model" };
  if (field.model === targetModel) return { kind: "inverse", model: field.model, fk, field: fieldName };
  const onward = Object.entries(fieldsOf(field.model)).filter(
    ([n, f]) => n !== back[0] && f.model === targetModel && singleKey(f) !== undefined,
  );
  const to = onward.length === 1 && onward[0] ? singleKey(onward[0][1]) : undefined;
  if (!to)
    return {
      reason: `${field.model} has ${onward.length || "no"} key${onward.length === 1 ? "" : "s"} to ${targetModel}`,
    };
  return {
    kind: "through",
    model: field.model,
    from: fk,
    to,
    field: fieldName,
    ...(field.isList ? {} : { single: true }),
  };
};

/**
 * Every relationship's storage for one binding: what the binding declares, else what Prisma's
 * relation fields make unambiguous (inferRelation). A to-one that is neither keeps the default,
 * its `<name>Id` column (the binding's types check that the column exists); a to-many that is
 * neither stops the server at startup, naming the resource and the relationship.
 */
export const resolveRelations = (
  entry: TResourceEntry,
  modelOfType: (type: string) => string | undefined,
): Record<string, TRelationMap> => {
  const declared = entry.hooks.relations ?? {};
  const out: Record<string, TRelationMap> = { ...declared };
  const relationships: NonNullable<TResourceDef["relationships"]> = entry.def.relationships ?? {};
  for (const [name, rel] of Object.entries(relationships)) {
    if (declared[name]) continue;
    const inferred = inferRelation(entry.model, name, modelOfType(rel.type));
    if (!("reason" in inferred)) out[name] = inferred;
    else if (rel.cardinality === "many")
      throw new Error(
        `${entry.def.type}.${name}: cannot infer how this to-many relationship is stored (${inferred.reason}); ` +
          `declare it in the binding's relations (kernel/relations.ts)`,
      );
  }
  return out;
};
