import {
  JSONAPI_MEDIA_TYPE,
  RESOURCES,
  actionOf,
  relationshipOf,
  type TResourceDef,
  type TRouteSpec,
} from "@crew/contracts";
import fc from "fast-check";
import { z } from "zod";
import {
  HOSTILE_NUMBERS,
  INVALID_PERCENT,
  INVALID_UTF8,
  PROTO_KEYS,
  SQL_AND_SCRIPT,
  deepValue,
  hostileId,
  hostileString,
  hostileValue,
  hugeString,
} from "./hostile.js";
import { plausibleAttributes, plausibleRelationships } from "./plausible.js";

/**
 * What the fuzzer sends, generated from the contracts' route table and the resource
 * definitions alone: a resource, nested list, action or file field added to the contracts is
 * attacked the next run without a line here. Each route gets the categories that apply to it.
 */
export type TCategory =
  | "query"
  | "ids"
  | "wrong-types"
  | "huge"
  | "deep"
  | "unknown-fields"
  | "content-type"
  | "encoding"
  | "empty"
  | "arrays"
  | "sql-script"
  | "linkage"
  | "multipart"
  | "denied"
  | "anonymous"
  | "forged-auth";

/** Who sends it: an admin (permissions hide nothing), a role the route's permission denies, nobody, or forged credentials. */
export type TIdentity = "admin" | "denied" | "anonymous" | "forged";

export interface TCase {
  route: TRouteSpec;
  category: TCategory;
  as: TIdentity;
  method: string;
  /** Path and query as they go on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** A short description of the body for failure reports (the body itself may be 1 MB). */
  bodyNote?: string;
}

export interface TCaseContext {
  /** Ids of records known to exist, by type (the fuzzer's own accounts left out). */
  knownIds(type: string): readonly number[];
}

const defOf = (type: string): TResourceDef | undefined =>
  Object.hasOwn(RESOURCES, type) ? RESOURCES[type] : undefined;
const JSON_TYPE = JSONAPI_MEDIA_TYPE;

const readsBody = (route: TRouteSpec): boolean => route.method !== "get";
const hasId = (route: TRouteSpec): boolean => route.path.includes(":id") || route.path.includes(":parentId");
/** The type whose id fills `:parentId` (`/api/{parent}/:parentId/...`). */
const parentTypeOf = (route: TRouteSpec): string => route.path.split("/")[2] ?? route.type;

/** The categories a route is attacked with. */
export const categoriesOf = (route: TRouteSpec): TCategory[] => {
  const out: TCategory[] = ["query", "anonymous", "forged-auth"];
  if (route.permission) out.push("denied");
  if (hasId(route)) out.push("ids");
  if (route.kind === "files" && route.method === "post")
    return [...out, "multipart", "content-type", "empty"];
  // An action that takes an upload (a document with its scan) gets hostile multipart bodies too.
  const def = defOf(route.type);
  const action = route.action && def ? actionOf(def, route.action) : undefined;
  if (action?.upload && route.method !== "get") out.push("multipart");
  if (readsBody(route)) {
    out.push(
      "wrong-types",
      "huge",
      "deep",
      "unknown-fields",
      "content-type",
      "encoding",
      "empty",
      "arrays",
      "sql-script",
    );
    if (["create", "update", "nested-create", "relationship"].includes(route.kind)) out.push("linkage");
  }
  return out;
};

// ------------------------------------------------------------------ paths and queries

const knownOr = (ctx: TCaseContext, type: string): fc.Arbitrary<string> => {
  const ids = ctx.knownIds(type);
  return ids.length ? fc.constantFrom(...ids).map(String) : fc.constant("999999999");
};

/** The route's path with real ids (or hostile ones for the `ids` category). */
const pathArb = (route: TRouteSpec, ctx: TCaseContext, hostile: boolean): fc.Arbitrary<string> => {
  const idArb = hostile ? hostileId() : knownOr(ctx, route.type);
  const parentArb = hostile ? hostileId() : knownOr(ctx, parentTypeOf(route));
  return fc
    .tuple(idArb, parentArb)
    .map(([id, parentId]) => route.path.replace(":id", id).replace(":parentId", parentId));
};

const enc = (s: string) => encodeURIComponent(s);
const pair = (k: string, v: string) => `${k}=${v}`;

const relationshipNames = (def: TResourceDef | undefined) => Object.keys(def?.relationships ?? {});
const attributeNames = (def: TResourceDef | undefined) => Object.keys(def?.attributes ?? {});
const filterNames = (def: TResourceDef | undefined) => Object.keys(def?.filters ?? {});
const namesOr = (names: string[], fallback: string) => (names.length ? names : [fallback]);

/** One wrong query parameter: page, sort, filter, include, fields, search, odd names, bad encoding. */
const hostileQuery = (route: TRouteSpec): fc.Arbitrary<string> => {
  const def = defOf(route.type);
  const attrs = namesOr(attributeNames(def), "title");
  const rels = namesOr(relationshipNames(def), "owner");
  const filters = namesOr(filterNames(def), "title");
  const proto = fc.constantFrom(...PROTO_KEYS);
  const value = hostileString().map(enc);
  const page = fc.oneof(
    fc
      .tuple(
        fc.constantFrom("page[size]", "page[number]"),
        fc.constantFrom(
          "-1",
          "0",
          "1.5",
          "1e3",
          "1000",
          "1000000",
          "2147483648",
          "abc",
          "",
          "%00",
          "%20",
          "1,2",
          ...INVALID_PERCENT,
        ),
      )
      .map(([k, v]) => pair(enc(k).replace(/%5B/g, "[").replace(/%5D/g, "]"), v)),
    fc.constantFrom(
      "page=1",
      "page[]=1",
      "page[size][a]=1",
      "page[offset]=0",
      "page[limit]=10",
      "page[__proto__]=1",
      "page[size]=1&page[size]=2",
      "page[constructor][prototype]=1",
    ),
  );
  const sort = fc.oneof(
    fc
      .oneof(
        proto,
        hostileString(),
        fc.constantFrom(
          "-",
          "--",
          ",",
          ",,",
          "- title",
          "+title",
          "-id,-id",
          "RANDOM()",
          "id;DROP",
          "id desc",
          "title.__proto__",
        ),
      )
      .map((s) => pair("sort", enc(s))),
    fc.constantFrom(...attrs).map((a) => pair("sort", enc(`${a},${a}x,-${a}`))),
    fc.constantFrom("sort[]=id", "sort[a]=b", "sort=id&sort=title", `sort=${"id,".repeat(500)}id`),
  );
  const filter = fc.oneof(
    fc.tuple(fc.constantFrom(...filters), value).map(([f, v]) => pair(`filter[${f}]`, v)),
    fc
      .tuple(
        fc.constantFrom(...filters),
        fc.constantFrom(
          ...INVALID_PERCENT,
          "-1",
          "0",
          "1.5",
          "2147483648",
          "true",
          "[]",
          "{}",
          "1,2,abc",
          "x".repeat(3000),
        ),
      )
      .map(([f, v]) => pair(`filter[${f}]`, v)),
    fc
      .tuple(fc.constantFrom(...filters), fc.constantFrom("[a]", "[]", "[__proto__]", "[0]"))
      .map(([f, suffix]) => pair(`filter[${f}]${suffix}`, "1")),
    fc.oneof(proto, fc.string({ maxLength: 12 }).map(enc)).map((f) => pair(`filter[${f}]`, "1")),
    fc.constantFrom("filter=abc", "filter[]=1", "filter=", `filter${"[a]".repeat(40)}=1`),
  );
  const include = fc.oneof(
    fc
      .oneof(
        proto,
        hostileString(),
        fc.constantFrom(",", ",,,", ".", "..", "a.b.c.d.e", "*", "owner.owner.owner.owner"),
      )
      .map((s) => pair("include", enc(s))),
    fc
      .tuple(
        fc.constantFrom(...rels),
        fc.oneof(proto, fc.constantFrom("x", "", "__proto__.x", "constructor.prototype")),
      )
      .map(([r, s]) => pair("include", enc(`${r}.${s}`))),
    fc.constantFrom(...rels).map((r) => pair("include", enc(Array.from({ length: 30 }, () => r).join(",")))),
    fc.constantFrom("include[]=owner", "include[a]=b", "include=a&include=b"),
  );
  const fields = fc.oneof(
    fc.constantFrom(
      "fields=abc",
      "fields[]=title",
      "fields=",
      `fields[${route.type}][a]=b`,
      `fields[${route.type}][]=x`,
    ),
    fc.oneof(proto, hostileString()).map((s) => pair(`fields[${route.type}]`, enc(s))),
    fc.oneof(proto, fc.string({ maxLength: 12 })).map((t) => pair(`fields[${enc(t)}]`, "id")),
    fc.constantFrom(...attrs).map((a) => pair(`fields[${route.type}]`, enc(`${a},nope,,${a}`))),
  );
  const search = fc.oneof(
    hostileString().map((s) => pair("search", enc(s))),
    fc.constantFrom(...INVALID_PERCENT).map((v) => pair("search", v)),
    fc.constantFrom(
      "search[]=a",
      "search[a]=b",
      `search=${"a".repeat(201)}`,
      "q=%00",
      `q=${"%27".repeat(300)}`,
    ),
  );
  const odd = fc.constantFrom(
    "%3D=%3D",
    "=",
    "&&&",
    "=1",
    "a[=1",
    "[]=1",
    "a]=1",
    "__proto__[x]=1",
    "constructor[prototype][x]=1",
    "__proto__=1",
    "toString=1",
    "hasOwnProperty=1",
    "a=1&a=2",
    "%00=1",
    "%FF=%FF",
    "x".repeat(3000) + "=1",
    "unknown=1",
    "page[size]=10&unknown[a]=1",
    "?=?",
    "%E0%A4%A=1",
  );
  return fc.oneof(page, sort, filter, include, fields, search, odd);
};

/** Query parameters for a GET action from its input's field names, with hostile values. */
const hostileActionQuery = (route: TRouteSpec): fc.Arbitrary<string> => {
  const keys = Object.keys(objectShape(actionInput(route)));
  if (!keys.length) return hostileQuery(route);
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...keys),
        fc.oneof(
          hostileString().map(enc),
          fc.constantFrom(...INVALID_PERCENT, "-1", "0", "1.5", "2147483648", "[]"),
        ),
      )
      .map(([k, v]) => pair(k, v)),
    fc.constantFrom(...keys).map((k) => `${k}[a]=1&${k}[]=2`),
    hostileQuery(route),
  );
};

// ------------------------------------------------------------------ bodies

const actionInput = (route: TRouteSpec): z.ZodType | undefined => {
  const def = defOf(route.type);
  return route.action && def ? actionOf(def, route.action)?.input : undefined;
};
const objectShape = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  schema instanceof z.ZodObject ? schema.shape : {};

/** A plausible value for one field of an action's zod input (tried against the field itself). */
const plausibleFor = (schema: z.ZodType, ctx: TCaseContext, type: string): unknown => {
  const ids = ctx.knownIds(type);
  const candidates: unknown[] = [
    ids[0] ?? 1,
    String(ids[0] ?? 1),
    [ids[0] ?? 1],
    "Fuzz",
    "2025-05-01",
    true,
    "x",
    1,
    [],
    {},
    null,
  ];
  return candidates.find((c) => schema.safeParse(c).success);
};

/** A body an honest client would send to the route: the background of most hostile bodies. */
const plausibleBody = (route: TRouteSpec, ctx: TCaseContext): Record<string, unknown> => {
  const def = defOf(route.type);
  if (!def) return {};
  if (route.kind === "action") {
    const shape = objectShape(actionInput(route));
    const input = Object.fromEntries(
      Object.entries(shape)
        .map(([k, s]) => [k, plausibleFor(s, ctx, route.type)])
        .filter(([, v]) => v !== undefined),
    );
    return actionOf(def, route.action ?? "")?.on === "member"
      ? { data: { type: def.type, attributes: input } }
      : input;
  }
  if (route.kind === "relationship") {
    const rel = relationshipOf(def, route.relationship ?? "");
    const ids = rel ? ctx.knownIds(rel.type) : [];
    const one = ids[0] === undefined ? null : { type: rel?.type, id: String(ids[0]) };
    return { data: rel?.cardinality === "many" ? (one ? [one] : []) : one };
  }
  if (route.kind === "files") return { ids: [1] };
  const create = route.kind !== "update";
  const skip = route.kind === "nested-create" ? (def.parents ?? []).map((p) => p.relationship) : [];
  const data: Record<string, unknown> = {
    type: def.type,
    attributes: plausibleAttributes(def, !create),
    relationships: plausibleRelationships(def, (type) => ctx.knownIds(type), false, skip),
  };
  return { data };
};

/** Attribute names of the route's resource that take a string (where text attacks go). */
const stringAttributes = (def: TResourceDef): string[] =>
  Object.entries(def.attributes)
    .filter(
      ([, a]) =>
        a.input &&
        ["text", "textarea", "richtext", "email", "password", "phone", "tags", "select", "image"].includes(
          a.kind,
        ),
    )
    .map(([n]) => n);

/** Sets `value` at the place of the body where the route reads its input fields. */
const withField = (
  route: TRouteSpec,
  body: Record<string, unknown>,
  field: string,
  value: unknown,
): Record<string, unknown> => {
  const data = body.data;
  if (typeof data === "object" && data !== null && !Array.isArray(data) && route.kind !== "relationship") {
    const d = data as Record<string, unknown>;
    return {
      ...body,
      data: {
        ...d,
        attributes: { ...(d.attributes as Record<string, unknown> | undefined), [field]: value },
      },
    };
  }
  return { ...body, [field]: value };
};

/** Field names the body of this route carries (attributes, or an action's input keys). */
const inputFields = (route: TRouteSpec): string[] => {
  const def = defOf(route.type);
  if (!def) return ["title"];
  if (route.kind === "action") return namesOr(Object.keys(objectShape(actionInput(route))), "ids");
  return namesOr(
    Object.entries(def.attributes)
      .filter(([, a]) => a.input && !a.file)
      .map(([n]) => n),
    "title",
  );
};

const contentTypeHeader = (type: string): Record<string, string> => (type ? { "content-type": type } : {});
const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const jsonBody = (value: unknown, note: string) => ({
  body: json(value),
  headers: { "content-type": JSON_TYPE },
  note,
});

interface TBody {
  body?: Buffer;
  headers: Record<string, string>;
  note: string;
}

const bodyArb = (route: TRouteSpec, category: TCategory, ctx: TCaseContext): fc.Arbitrary<TBody> => {
  const def = defOf(route.type);
  const base = () => plausibleBody(route, ctx);
  const fields = inputFields(route);
  switch (category) {
    case "wrong-types":
      return fc
        .tuple(
          fc.subarray(fields, { minLength: 1 }),
          fc.array(hostileValue(), { minLength: fields.length, maxLength: fields.length }),
        )
        .map(([names, values]) => {
          let body = base();
          names.forEach((n, i) => (body = withField(route, body, n, values[i])));
          return jsonBody(body, `wrong types in ${names.join(", ")}`);
        });
    case "huge":
      return fc
        .tuple(fc.constantFrom(...fields), hugeString())
        .map(([n, s]) => ({ ...jsonBody(withField(route, base(), n, s), `1 MiB string in ${n}`) }));
    case "deep":
      return fc
        .tuple(fc.constantFrom(...fields), deepValue(), fc.boolean())
        .map(([n, v, whole]) =>
          whole
            ? jsonBody({ data: v }, "deep document")
            : jsonBody(withField(route, base(), n, v), `deep value in ${n}`),
        );
    case "unknown-fields":
      return fc
        .tuple(
          fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ minLength: 1, maxLength: 10 })),
          fc.constantFrom("attributes", "data", "top", "relationships", "linkage"),
          hostileValue(),
        )
        .map(([key, where, v]) => {
          // Written as text: an object literal would turn `__proto__` into a prototype, not a key.
          const body = base();
          const k = JSON.stringify(key);
          const inner = JSON.stringify(v) ?? "null";
          const text = JSON.stringify(body);
          let out: string;
          if (where === "top") out = `{${k}:${inner},${text.slice(1)}`;
          else if (where === "data" && text.startsWith('{"data":{'))
            out = text.replace('{"data":{', `{"data":{${k}:${inner},`);
          else if (where === "attributes" && text.includes('"attributes":{'))
            out = text.replace('"attributes":{', `"attributes":{${k}:${inner},`).replace(",}", "}");
          else if (where === "relationships" && text.includes('"relationships":{'))
            out = text
              .replace('"relationships":{', `"relationships":{${k}:{"data":null},`)
              .replace(",}", "}");
          else if (where === "linkage" && text.includes('"id":'))
            out = text.replace('"id":', `${k}:${inner},"id":`);
          else out = `{${k}:${inner},${text.slice(1)}`;
          out = out.replace(/,}/g, "}");
          return {
            body: Buffer.from(out),
            headers: { "content-type": JSON_TYPE },
            note: `unknown key ${key} in ${where}`,
          };
        });
    case "content-type":
      return fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "",
            "application/json; charset=latin1",
            "application/json; charset=utf-16",
            'application/vnd.api+json; ext="x"',
            ";;;",
            "application/json, text/plain",
            "image/png",
            "application/octet-stream",
            "x".repeat(2000),
          ),
          fc.boolean(),
        )
        .map(([type, asForm]): TBody => ({
          body: asForm ? Buffer.from("data[type]=x&data[attributes][title]=y") : json(base()),
          headers: contentTypeHeader(type),
          note: `content-type '${type.slice(0, 60)}'`,
        }));
    case "encoding":
      return fc.oneof(
        fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...INVALID_UTF8)).map(([n, bytes]) => {
          const marker = "\u0001MARK\u0001";
          const text = JSON.stringify(withField(route, base(), n, marker));
          const [before, after] = text.split(JSON.stringify(marker).slice(1, -1));
          return {
            body: Buffer.concat([Buffer.from(before ?? ""), bytes, Buffer.from(after ?? "")]),
            headers: { "content-type": JSON_TYPE },
            note: `invalid UTF-8 in ${n}`,
          };
        }),
        fc
          .constantFrom(
            "{",
            '{"data":',
            "{'data':1}",
            '{"data":{"type":"x",}}',
            "[1,]",
            "NaN",
            '{"a":1}}',
            '\uFEFF{"data":{}}',
            '{"data":1e999999}',
            '"\\ud800"',
            '{"a":"\\u0000"}',
          )
          .map((t) => ({
            body: Buffer.from(t),
            headers: { "content-type": JSON_TYPE },
            note: `malformed JSON ${t.slice(0, 30)}`,
          })),
        fc.constantFrom("gzip", "deflate", "br", "identity, gzip", "x-unknown").map((e) => ({
          body: json(base()),
          headers: { "content-type": JSON_TYPE, "content-encoding": e },
          note: `content-encoding ${e} with a plain body`,
        })),
      );
    case "empty":
      return fc.constantFrom<TBody>(
        { headers: {}, note: "no body" },
        { body: Buffer.alloc(0), headers: { "content-type": JSON_TYPE }, note: "empty body" },
        ...[
          "{}",
          "null",
          "[]",
          '"text"',
          "1",
          "true",
          '{"data":null}',
          '{"data":{}}',
          '{"data":""}',
          '{"data":{"type":null}}',
          '{"data":{"attributes":{}}}',
        ].map((t) => ({ body: Buffer.from(t), headers: { "content-type": JSON_TYPE }, note: `body ${t}` })),
      );
    case "arrays":
      return fc.constantFrom("top", "data", "attributes", "relationships", "field").chain((where) =>
        fc.constantFrom(...fields).map((n) => {
          const body = base();
          const data = body.data as Record<string, unknown> | undefined;
          let out: unknown;
          if (where === "top") out = [body];
          else if (where === "data") out = { ...body, data: [data ?? body] };
          else if (where === "attributes" && data) out = { data: { ...data, attributes: [data.attributes] } };
          else if (where === "relationships" && data)
            out = { data: { ...data, relationships: [data.relationships] } };
          else out = withField(route, body, n, [{ a: 1 }]);
          return jsonBody(out, `array in ${where}`);
        }),
      );
    case "sql-script":
      return fc.constantFrom(...SQL_AND_SCRIPT).map((s) => {
        let body = base();
        const names = route.kind === "action" || !def ? fields : stringAttributes(def);
        for (const n of names) body = withField(route, body, n, s);
        return jsonBody(body, `'${s}' in every string field`);
      });
    case "linkage": {
      const rels = def ? Object.keys(def.relationships ?? {}) : [];
      const name = route.relationship ?? rels[0] ?? "owner";
      const badLinkage = fc.oneof(
        fc
          .tuple(
            fc.oneof(fc.constantFrom(...Object.keys(RESOURCES), ...PROTO_KEYS, "", "x"), hostileString()),
            hostileId(),
          )
          .map(([type, id]) => ({ type, id: decodeURIComponentSafe(id) })),
        fc
          .constantFrom(...HOSTILE_NUMBERS)
          .map((id) => ({ type: defOf(route.type)?.relationships?.[name]?.type ?? "ranks", id })),
        hostileValue(),
        fc.constant(Array.from({ length: 5000 }, (_, i) => ({ type: "ranks", id: String(i + 1) }))),
      );
      return badLinkage.map((linkage) => {
        if (route.kind === "relationship") return jsonBody({ data: linkage }, "hostile linkage");
        const body = base();
        const data = body.data as Record<string, unknown> | undefined;
        return jsonBody(
          {
            data: {
              ...data,
              relationships: { ...(data?.relationships as object | undefined), [name]: { data: linkage } },
            },
          },
          `hostile linkage in ${name}`,
        );
      });
    }
    default:
      return fc.constant(jsonBody(base(), "plausible body"));
  }
};

const decodeURIComponentSafe = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

// ------------------------------------------------------------------ multipart

const CRLF = "\r\n";
const PNG_HEADER = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

const multipart = (
  boundary: string,
  parts: { field: string; filename?: string; type?: string; content: Buffer }[],
  close = true,
): Buffer =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${p.field}"${p.filename === undefined ? "" : `; filename="${p.filename}"`}${CRLF}${p.type ? `Content-Type: ${p.type}${CRLF}` : ""}${CRLF}`,
      ),
      p.content,
      Buffer.from(CRLF),
    ]),
    Buffer.from(close ? `--${boundary}--${CRLF}` : ""),
  ]);

/** Uploads a hostile client sends: disguised types, odd names, wrong fields, broken framing, too many, too large. */
const multipartArb = (): fc.Arbitrary<TBody> => {
  const boundary = "fuzzBoundary7MA4YWxkTrZu0gW";
  const type = `multipart/form-data; boundary=${boundary}`;
  const filename = fc.oneof(
    fc.constantFrom(
      "photo.png",
      "../../etc/passwd",
      "..\\..\\win.ini",
      "a\u0000b.png",
      "x".repeat(1000) + ".png",
      "\u202egnp.exe",
      ".htaccess",
      "",
      "con.png",
      "%2e%2e%2fa.png",
      "<script>.png",
      'a".png',
    ),
    hostileString(),
  );
  const content = fc.constantFrom(
    Buffer.from("<?php echo 1; ?>"),
    Buffer.alloc(0),
    Buffer.from("%PDF-1.4 not really"),
    PNG_HEADER,
    Buffer.from("<svg onload=alert(1)></svg>"),
    Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]),
    Buffer.alloc(300 * 1024, 0x41),
  );
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom("file", "files", "files[]", "document", "__proto__", "", 'file"; x="y'),
        filename,
        content,
        fc.constantFrom("image/png", "application/pdf", "text/html", "", "x/y"),
      )
      .map(([field, name, c, t]) => ({
        body: multipart(boundary, [{ field, filename: name, type: t, content: c }]),
        headers: { "content-type": type },
        note: `upload field '${field}' file '${name.slice(0, 40)}' (${c.length} bytes)`,
      })),
    fc.constantFrom<TBody>(
      {
        body: multipart(boundary, [{ field: "file", filename: "a.png", content: PNG_HEADER }], false),
        headers: { "content-type": type },
        note: "unterminated multipart",
      },
      {
        body: multipart("other", [{ field: "file", filename: "a.png", content: PNG_HEADER }]),
        headers: { "content-type": type },
        note: "wrong boundary",
      },
      {
        body: multipart(boundary, [{ field: "file", filename: "a.png", content: PNG_HEADER }]),
        headers: { "content-type": "multipart/form-data" },
        note: "no boundary",
      },
      {
        body: multipart(
          boundary,
          Array.from({ length: 30 }, (_, i) => ({
            field: "file",
            filename: `${i}.png`,
            content: PNG_HEADER,
          })),
        ),
        headers: { "content-type": type },
        note: "30 files",
      },
      {
        body: multipart(
          boundary,
          Array.from({ length: 100 }, (_, i) => ({ field: `f${i}`, content: Buffer.from("v") })),
        ),
        headers: { "content-type": type },
        note: "100 text fields",
      },
      {
        body: multipart(boundary, [{ field: "file", content: PNG_HEADER }]),
        headers: { "content-type": type },
        note: "file part without a filename",
      },
      {
        body: Buffer.from(`--${boundary}\r\n\r\n`),
        headers: { "content-type": type },
        note: "part without headers",
      },
    ),
  );
};

// ------------------------------------------------------------------ cases

const FORGED_HEADERS = fc.constantFrom<Record<string, string>>(
  { "access-token": "x", client: "y", uid: "admin@example.com", "token-type": "Bearer", expiry: "1" },
  { "access-token": "a".repeat(8000), client: "b".repeat(500), uid: "c".repeat(500) },
  { "access-token": "__proto__", client: "constructor", uid: "toString" },
  { "access-token": "' OR 1=1 --", client: "' OR 1=1 --", uid: "' OR '1'='1" },
  { authorization: "Bearer x", "access-token": "", client: "", uid: "" },
  { "access-token": "x", client: "y" },
  { uid: "admin@example.com" },
);

/** One case of a route and category; `seed` makes it replayable. */
export const caseArb = (route: TRouteSpec, category: TCategory, ctx: TCaseContext): fc.Arbitrary<TCase> => {
  const method = route.method.toUpperCase();
  const fixedQuery = route.query ? new URLSearchParams(route.query).toString() : "";
  const joinQuery = (q: string) => [fixedQuery, q].filter(Boolean).join("&");
  const withQuery = (path: string, q: string) => (joinQuery(q) ? `${path}?${joinQuery(q)}` : path);
  const plain = (): TBody | undefined =>
    readsBody(route)
      ? {
          body: json(plausibleBody(route, ctx)),
          headers: { "content-type": JSON_TYPE },
          note: "plausible body",
        }
      : undefined;
  const build = (
    as: TIdentity,
    path: string,
    body: TBody | undefined,
    extra: Record<string, string> = {},
  ): TCase => ({
    route,
    category,
    as,
    method,
    path,
    headers: { ...(body?.headers ?? {}), ...extra },
    body: body?.body,
    bodyNote: body?.note,
  });

  switch (category) {
    case "query": {
      const q =
        route.kind === "action" && route.method === "get" ? hostileActionQuery(route) : hostileQuery(route);
      return fc
        .tuple(pathArb(route, ctx, false), q)
        .map(([path, query]) => build("admin", withQuery(path, query), plain()));
    }
    case "ids":
      return pathArb(route, ctx, true).map((path) => build("admin", withQuery(path, ""), plain()));
    case "denied":
      return fc
        .tuple(pathArb(route, ctx, false), fc.boolean())
        .map(([path, hostile]) =>
          build(
            "denied",
            withQuery(path, ""),
            hostile && readsBody(route) ? { ...jsonBody({ data: [] }, "array data") } : plain(),
          ),
        );
    case "anonymous":
      return pathArb(route, ctx, false).map((path) => build("anonymous", withQuery(path, ""), plain()));
    case "forged-auth":
      return fc
        .tuple(pathArb(route, ctx, false), FORGED_HEADERS)
        .map(([path, h]) => build("forged", withQuery(path, ""), plain(), h));
    case "multipart":
      return fc
        .tuple(pathArb(route, ctx, false), multipartArb())
        .map(([path, body]) => build("admin", withQuery(path, ""), body));
    default:
      return fc
        .tuple(pathArb(route, ctx, false), bodyArb(route, category, ctx))
        .map(([path, body]) => build("admin", withQuery(path, ""), body));
  }
};

/** The one case of `route` × `category` drawn by `seed`. */
export const drawCase = (route: TRouteSpec, category: TCategory, ctx: TCaseContext, seed: number): TCase => {
  const [drawn] = fc.sample(caseArb(route, category, ctx), { seed, numRuns: 1 });
  if (!drawn) throw new Error(`no case for ${route.method} ${route.path} ${category}`);
  return drawn;
};
