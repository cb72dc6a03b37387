import { actionOf, type TActionDef, type TResourceDef } from "@crew/contracts";
import type { z } from "zod";
import { apiPaths } from "./api-paths";
import { requestFile, type TFetchedFile } from "./http-client";
import type { TQuery, TQueryValue } from "./query-string";

/** Names of the actions a definition declares (`"status" | "update_hidden_tags" | …` for clients). */
export type TActionName<D extends TResourceDef> = Extract<keyof NonNullable<D["actions"]>, string>;

export type TActionOf<D extends TResourceDef, N extends TActionName<D>> = NonNullable<D["actions"]>[N];

/** What an action takes, from its zod input as a caller writes it (`z.input`); nothing when it has none. */
export type TActionInput<A> = A extends { input: infer Z extends z.ZodType }
  ? z.input<Z>
  : A extends { input?: infer Z }
    ? Z extends z.ZodType
      ? z.input<Z> | undefined
      : undefined
    : undefined;

type TIdArg<A> = A extends { on: "member" }
  ? { id: string | number }
  : A extends { on: "collection" }
    ? { id?: undefined }
    : { id?: string | number };
type TInputArg<A> =
  undefined extends TActionInput<A> ? { input?: TActionInput<A> } : { input: TActionInput<A> };

/** `{id}` for a member action, `{input}` when the action takes one, both typed from the definition. */
export type TActionArgs<A> = TIdArg<A> & TInputArg<A>;

/** What an action answered: nothing (204), JSON (a JSON:API document or the spec's plain shape), or a file. */
export type TActionAnswer =
  { kind: "empty" } | { kind: "json"; body: unknown } | { kind: "file"; file: TFetchedFile };

export interface TRunActionOptions {
  signal?: AbortSignal;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A GET action's input as query parameters (nested objects as key[sub], arrays as comma lists). */
const toQueryValue = (value: unknown): TQueryValue => {
  if (
    value === null ||
    value === undefined ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  )
    return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (typeof v === "number" ? v : String(v)));
  if (isPlainObject(value)) return toQuery(value);
  return typeof value === "bigint" ? value.toString() : undefined;
};
const toQuery = (input: Record<string, unknown>): TQuery =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, toQueryValue(v)]));

/**
 * The body of a non-GET action. A member action acts on one record of the resource: it sends
 * a JSON:API document naming the type (`{data: {type, attributes}}`, spec 7.2). A collection
 * action sends its input as it is, the plain shape the spec names for such calls
 * (`{payload}` of the notification marks). The server accepts either for every action.
 */
const bodyOf = (def: TResourceDef, action: TActionDef, input: unknown): unknown => {
  if (input === undefined) return undefined;
  return action.on === "member" ? { data: { type: def.type, attributes: input } } : input;
};

/**
 * Calls a declared action of a definition: method and address from the definition (through
 * the contracts' `actionPath`, the same the server mounts), input as the query of a GET or
 * else the body. With a literal definition the name, the id and the input are checked by
 * the compiler: `runAction(clients, "status", {id, input: {status: "away"}})`.
 */
export const runAction = async <D extends TResourceDef, N extends TActionName<D>>(
  def: D,
  name: N,
  args: TActionArgs<TActionOf<D, N>>,
  options: TRunActionOptions = {},
): Promise<TActionAnswer> => {
  const action = actionOf(def, name);
  if (!action) throw new Error(`${def.type} declares no action '${name}'`);
  const { id, input } = args as { id?: string | number; input?: unknown };
  const path = apiPaths.action(def, name, action, id);
  const isGet = action.method === "GET";
  const query = isGet && isPlainObject(input) ? toQuery(input) : undefined;
  const answer = await requestFile(action.method, path, {
    query,
    body: isGet ? undefined : bodyOf(def, action, input),
    signal: options.signal,
  });
  if (answer.file) return { kind: "file", file: answer.file };
  return answer.json === undefined ? { kind: "empty" } : { kind: "json", body: answer.json };
};

/**
 * An action whose answer has a known shape: runs it and checks the answer with `answer`
 * (a 204 is checked as undefined). A shape the client does not expect is an error here,
 * not an `undefined` deep inside a screen.
 */
export const runActionFor = async <D extends TResourceDef, N extends TActionName<D>, S extends z.ZodType>(
  def: D,
  name: N,
  args: TActionArgs<TActionOf<D, N>>,
  answer: S,
  options: TRunActionOptions = {},
): Promise<z.output<S>> => {
  const result = await runAction(def, name, args, options);
  if (result.kind === "file") throw new Error(`${def.type}.${name} answered with a file, not JSON`);
  const parsed = answer.safeParse(result.kind === "json" ? result.body : undefined);
  if (!parsed.success) throw new Error(`${def.type}.${name} answered in an unexpected shape`);
  return parsed.data;
};
