import type { TAttributeDef, TFieldKind, TResourceDef, TResourceObject } from "@crew/contracts";
import type { z } from "zod";

/** A stored file as a file attribute carries it (kernel files): shown, downloaded, removed by id. */
export interface TStoredFile {
  id: string | number;
  filename: string;
  content_type: string;
  byte_size: number;
  /** Served under /api with the session headers (fetch it, do not link it). */
  url: string;
}

/** Value of an attribute the server computes, by its kind (no `input` to infer from). */
interface TKindValues {
  text: string;
  textarea: string;
  email: string;
  password: string;
  phone: string;
  richtext: string;
  select: string;
  number: number;
  money: number;
  boolean: boolean;
  date: string;
  datetime: string;
  tags: string[];
  /** An image without upload rules is an address (avatars of other systems). */
  image: string;
  file: TStoredFile;
  files: TStoredFile[];
}

type TOptionValues<A> = A extends { options: readonly (infer O)[] }
  ? O extends { value: infer V }
    ? V
    : string
  : string;

type TComputedValue<A extends TAttributeDef> = A["kind"] extends "select"
  ? TOptionValues<A>
  : A extends { file: { multiple: true } }
    ? TStoredFile[]
    : A extends { file: object }
      ? TStoredFile
      : TKindValues[A["kind"]];

/**
 * The value type of one attribute: what its zod input produces (the server stores and sends
 * back exactly that), else what its kind holds; computed values may be null. An attribute
 * typed only as TAttributeDef (not a literal definition) tells nothing: unknown.
 */
export type TAttributeValue<A extends TAttributeDef> = A["kind"] extends "date" | "datetime"
  ? // Dates travel as ISO strings, whatever their input parses them to on the server.
    A extends { input: infer Z extends z.ZodType }
    ? null extends z.output<Z>
      ? string | null
      : string
    : string | null
  : A extends { input: infer Z extends z.ZodType }
    ? z.output<Z>
    : TFieldKind extends A["kind"]
      ? unknown
      : TComputedValue<A> | null;

/** Attributes a record of this definition carries (write-only ones, passwords, never come back). */
export type TAttributesOf<D extends TResourceDef> = {
  [K in keyof D["attributes"] as D["attributes"][K] extends { writeOnly: true } ? never : K]: TAttributeValue<
    D["attributes"][K]
  >;
};

/** A JSON:API record of the definition `D`: `TRecordOf<typeof ranks>["attributes"]["title"]` is a string. */
export type TRecordOf<D extends TResourceDef> = TResourceObject<TAttributesOf<D>>;

/**
 * A record read from `def`'s endpoints seen with its definition's types. The definition is
 * the contract both sides are built from (the server serializes from it), so this is the
 * one place where an answer's attributes are taken to match it.
 */
export const recordOf = <D extends TResourceDef>(_def: D, record: TResourceObject): TRecordOf<D> =>
  record as unknown as TRecordOf<D>;
