import {
  attributesSchema,
  type TAttributeDef,
  type TRelationshipDef,
  type TResourceDef,
} from "@crew/contracts";
import { z } from "zod";

/**
 * The zod schemas of the document: JSON:API's parts, and each resource's object and write
 * bodies built from its definition (written attributes from their zod inputs, served ones
 * from their kinds). zod-openapi turns them into OpenAPI 3.1 schemas (components by `id`).
 */

export const ZId = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .meta({ description: "A record id (JSON:API ids are strings of digits).", example: "1" });

export const ZIdentifier = z
  .object({ type: z.string(), id: z.string() })
  .meta({ id: "ResourceIdentifier", description: "A JSON:API resource identifier." });

const ZLinks = z
  .object({
    self: z.string(),
    first: z.string(),
    last: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  })
  .meta({ id: "ListLinks", description: "Pagination links of a list." });

const ZListMeta = z
  .looseObject({
    count: z.number().int(),
    total: z.number().int(),
    total_estimated: z.literal(true).optional(),
  })
  .meta({
    id: "ListMeta",
    description:
      "`total` records match (`total_estimated`: the database's estimate, when counting every match of a very broad filter would cost more than the page).",
  });

/** Any resource object (in `included`, where every type may appear). */
export const ZAnyResource = z
  .looseObject({
    type: z.string(),
    id: z.string(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    relationships: z
      .record(
        z.string(),
        z.looseObject({ data: z.union([ZIdentifier, z.array(ZIdentifier), z.null()]).optional() }),
      )
      .optional(),
    links: z.object({ self: z.string() }).partial().optional(),
  })
  .meta({ id: "AnyResource", description: "A JSON:API resource object of any type (in `included`)." });

const ZErrorObject = z
  .looseObject({
    status: z.string(),
    code: z.string().optional(),
    title: z.string(),
    detail: z.string().optional(),
    source: z.object({ pointer: z.string(), parameter: z.string() }).partial().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error", description: "One JSON:API error." });

export const ZErrorDocument = z
  .object({ errors: z.array(ZErrorObject).min(1) })
  .meta({ id: "ErrorDocument", description: "JSON:API errors: each has the answer's status and a title." });

export const ZInvalidDocument = z
  .object({
    errors: z
      .array(
        z.looseObject({
          status: z.literal("422"),
          code: z.string().optional(),
          title: z.string().meta({ description: "The message to show on the field." }),
          detail: z.string().optional(),
          source: z.looseObject({
            pointer: z.string().regex(/^\//).meta({
              description: "The field: `/data/attributes/<name>` or `/data/relationships/<name>`.",
              example: "/data/attributes/surname",
            }),
          }),
          meta: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .min(1),
  })
  .meta({
    id: "InvalidDocument",
    description: "422: one error per invalid field, each pointing at it in `source.pointer`.",
  });

/** A stored file as a file attribute serves it (docs/files.md). */
export const ZStoredFile = z
  .looseObject({
    id: z.number().int(),
    filename: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    url: z.string(),
  })
  .meta({
    id: "StoredFile",
    description: "An uploaded file: download it from `url` with the session headers.",
  });

const nullable = (schema: z.ZodType, attr: TAttributeDef): z.ZodType =>
  schema.nullable().meta({ description: attr.label });

/** The value an attribute is served with, by its kind (null when not set). */
export const attributeOutput = (attr: TAttributeDef): z.ZodType => {
  if (attr.file) {
    const one = ZStoredFile;
    return attr.file.multiple || attr.kind === "files"
      ? z.array(one).meta({ description: attr.label })
      : nullable(one, attr);
  }
  switch (attr.kind) {
    case "number":
      return nullable(z.number(), attr);
    case "money":
      return nullable(z.union([z.number(), z.string()]), attr);
    case "boolean":
      return nullable(z.boolean(), attr);
    case "date":
      // A calendar day, served as an ISO date-time at UTC midnight (a few computed ones as yyyy-mm-dd).
      return nullable(
        z.union([z.string().meta({ format: "date-time" }), z.string().meta({ format: "date" })]),
        attr,
      );
    case "datetime":
      return nullable(z.string().meta({ format: "date-time" }), attr);
    case "tags":
      return nullable(z.array(z.union([z.string(), z.number()])), attr);
    case "files":
      return z.array(ZStoredFile).meta({ description: attr.label });
    case "file":
      return nullable(ZStoredFile, attr);
    case "select":
      // The option values (text, or numbers for numbered choices).
      return nullable(z.union([z.string(), z.number()]), attr);
    default:
      // A JSON document kept as it is written (a survey's definition).
      if (attr.input instanceof z.ZodRecord || attr.input instanceof z.ZodObject)
        return nullable(z.record(z.string(), z.unknown()), attr);
      // Text the server computes may be structured (a document summary by kind, a task's parameters).
      return attr.input
        ? nullable(z.string(), attr)
        : z.unknown().meta({ description: `${attr.label} (computed by the server)` });
  }
};

const relationshipOutput = (rel: TRelationshipDef): z.ZodType =>
  z
    .looseObject({
      data: rel.cardinality === "many" ? z.array(ZIdentifier) : ZIdentifier.nullable(),
    })
    .meta({ description: `${rel.label} (${rel.type}, to-${rel.cardinality})` });

const componentName = (type: string) => type;

const resourceSchemas = new WeakMap<TResourceDef, z.ZodType>();
/** The resource object of a definition, as served (a sparse fieldset leaves members out). */
export const resourceObject = (def: TResourceDef): z.ZodType => {
  const known = resourceSchemas.get(def);
  if (known) return known;
  const attributes: Record<string, z.ZodType> = {};
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (attr.writeOnly) continue;
    attributes[name] = attributeOutput(attr).optional();
  }
  const relationships: Record<string, z.ZodType> = {};
  for (const [name, rel] of Object.entries(def.relationships ?? {}))
    relationships[name] = relationshipOutput(rel).optional();
  const schema = z
    .object({
      type: z.literal(def.type),
      id: z.string(),
      attributes: z.looseObject(attributes),
      relationships: z.looseObject(relationships).optional(),
      links: z.object({ self: z.string() }).partial().optional(),
    })
    .meta({
      id: componentName(def.type),
      description: `${def.label.one}: a \`${def.type}\` resource object.`,
    });
  resourceSchemas.set(def, schema);
  return schema;
};

/** One schema per definition and key: zod-openapi registers a component by the schema's identity. */
const memo = <T>(make: (def: TResourceDef, key: string) => T) => {
  const cache = new WeakMap<TResourceDef, Map<string, T>>();
  return (def: TResourceDef, key = ""): T => {
    let byKey = cache.get(def);
    if (!byKey) cache.set(def, (byKey = new Map<string, T>()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = make(def, key)));
    return value;
  };
};

export const listDocument = memo((def: TResourceDef): z.ZodType =>
  z
    .object({
      data: z.array(resourceObject(def)),
      included: z.array(ZAnyResource).optional(),
      links: ZLinks.optional(),
      meta: ZListMeta,
    })
    .meta({
      id: `${componentName(def.type)}.list`,
      description: `A page of ${def.label.many.toLowerCase()}.`,
    }),
);

export const singleDocument = memo((def: TResourceDef): z.ZodType =>
  z
    .object({
      data: resourceObject(def),
      included: z.array(ZAnyResource).optional(),
      meta: z.record(z.string(), z.unknown()).optional(),
    })
    .meta({ id: `${componentName(def.type)}.document`, description: `One ${def.label.one.toLowerCase()}.` }),
);

const relationshipDocuments = {
  one: z.object({ data: ZIdentifier.nullable(), links: z.record(z.string(), z.string()).optional() }).meta({
    id: "RelationshipToOne",
    description: "The linkage of a to-one relationship (null when not set).",
  }),
  many: z
    .object({ data: z.array(ZIdentifier), links: z.record(z.string(), z.string()).optional() })
    .meta({ id: "RelationshipToMany", description: "The linkage of a to-many relationship." }),
};
export const relationshipDocument = (rel: TRelationshipDef): z.ZodType =>
  relationshipDocuments[rel.cardinality];

const ZVersion = z
  .object({
    type: z.literal("versions"),
    id: z.string(),
    attributes: z.object({
      item_type: z.string(),
      item_id: z.number().int(),
      event: z.string(),
      changes: z.unknown(),
      owner_type: z.string().nullable(),
      owner_id: z.number().int().nullable(),
      actor_id: z.number().int().nullable(),
      actor_name: z.string().nullable(),
      request_id: z.string().nullable(),
      created_at: z.string().meta({ format: "date-time" }),
    }),
  })
  .meta({ id: "Version", description: "One recorded change: who, when, what (the audit trail)." });

export const ZVersionsDocument = z
  .object({ data: z.array(ZVersion), links: ZLinks.optional(), meta: ZListMeta })
  .meta({ id: "VersionsDocument", description: "A page of a record's history, newest first." });

export const ZOptionsDocument = z
  .object({
    data: z.array(z.looseObject({ id: z.union([z.string(), z.number()]), label: z.string().optional() })),
    meta: z.object({ count: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "OptionsDocument", description: "`{id, label}` pairs for a form's picker." });

const identifierOf = (type: string, many: boolean): z.ZodObject => {
  const one = z.object({ type: z.literal(type), id: z.string() });
  return z.object({ data: many ? z.array(one) : one.nullable() });
};

/** Other spellings a write may use (relationship-aliases.ts): a to-one's foreign key as an attribute, an attribute's alias. */
const aliasShape = (def: TResourceDef): Record<string, z.ZodType> => {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, rel] of Object.entries(def.relationships ?? {}))
    if (rel.attribute)
      shape[rel.attribute] = z
        .union([z.string(), z.number(), z.null()])
        .optional()
        .meta({ description: `The id of \`${name}\` (${rel.type}), another spelling of the relationship.` });
  for (const [name, attr] of Object.entries(def.attributes))
    if (attr.alias && attr.input)
      shape[attr.alias] = attr.input
        .optional()
        .meta({ description: `Another spelling of \`${name}\`; both with different values is a 422.` });
  return shape;
};

/** The write body of a create or an update: `{data: {type, attributes, relationships}}`. */
const writeBodyOf = memo((def: TResourceDef, key: string): z.ZodType => {
  const [mode = "create", parent] = key.split(":") as ["create" | "update", string | undefined];
  const leaveOut = parent ? [parent] : [];
  const attributes = attributesSchema(def, mode).extend(aliasShape(def));
  const relationships: Record<string, z.ZodType> = {};
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.readOnly || leaveOut.includes(name)) continue;
    const body = identifierOf(rel.type, rel.cardinality === "many");
    relationships[name] = (mode === "create" && rel.required ? body : body.optional()).meta({
      description: `${rel.label} (${rel.type})${rel.permission ? `; writing it needs ${rel.permission}.update` : ""}`,
    });
  }
  const data = z.object({
    type: z.literal(def.type),
    ...(mode === "update" ? { id: z.string().optional() } : {}),
    attributes: attributes.optional(),
    ...(Object.keys(relationships).length ? { relationships: z.object(relationships).optional() } : {}),
  });
  return z.object({ data }).meta({
    id: `${componentName(def.type)}.${mode}${parent ? `.under_${parent}` : ""}`,
    description: `The body of a ${mode} of ${def.label.one.toLowerCase()}${parent ? ` (\`${parent}\` is the parent of the path)` : ""}.`,
  });
});

/** The write body of a create or an update: `{data: {type, attributes, relationships}}`; a nested create leaves out its parent. */
export const writeBody = (def: TResourceDef, mode: "create" | "update", parent?: string): z.ZodType =>
  writeBodyOf(def, parent ? `${mode}:${parent}` : mode);

const linkageBodies = new Map<string, z.ZodType>();
/** A relationship endpoint's body: the identifiers to set, add or remove (and the definition's flags). */
export const relationshipBody = (def: TResourceDef, rel: TRelationshipDef): z.ZodType => {
  const flags = Object.entries(def.relationshipFlags ?? {});
  if (flags.length)
    return identifierOf(rel.type, rel.cardinality === "many").extend(
      Object.fromEntries(flags.map(([k, schema]) => [k, schema.optional()])),
    );
  const key = `${rel.type}.linkage.${rel.cardinality}`;
  let body = linkageBodies.get(key);
  if (!body) {
    body = identifierOf(rel.type, rel.cardinality === "many").meta({
      id: key,
      description: `Identifiers of ${rel.type} records${rel.cardinality === "one" ? " (or null)" : ""}.`,
    });
    linkageBodies.set(key, body);
  }
  return body;
};
