import { brokenRules, relationshipOf } from "@crew/contracts";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { requireAccess } from "./access.js";
import type { TLooseWriteCtx } from "./binding.js";
import type { TTx } from "./model-types.js";
import { camel } from "./naming.js";
import { relationRepository } from "./resource-repository.js";
import type { TServiceCore } from "./service-core.js";
import type { TWriteInput } from "./write-body.js";

/** The steps of a write a resource's service runs in its transaction, in the order it runs them. */

/** Relationships guarded by a key of their own (a vessel's owner needs vessels.owner). */
export const checkRelationshipPermissions = (core: TServiceCore, actor: TActor, input: TWriteInput): void => {
  for (const name of [...Object.keys(input.relationships), ...Object.keys(input.toMany)]) {
    const key = relationshipOf(core.def, name)?.permission;
    if (key) requireAccess(actor, key, "update");
  }
};

/** Each named related record must exist and be one the writer may link to (422 `must exist` otherwise). */
export const checkRelated = async (
  core: TServiceCore,
  actor: TActor,
  input: TWriteInput,
  client: TTx,
): Promise<void> => {
  const wanted: [string, number[]][] = [
    ...Object.entries(input.relationships).flatMap(([n, id]): [string, number[]][] =>
      id === null ? [] : [[n, [id]]],
    ),
    ...Object.entries(input.toMany),
  ];
  const check = async ([name, ids]: [string, number[]]): Promise<TFieldIssue | null> => {
    const rel = relationshipOf(core.def, name);
    if (!rel || !ids.length) return null;
    const targets = core.hooks.relationshipTargets?.[name];
    const related = core.kernel.findService(rel.type);
    const found: ReadonlySet<number> = targets
      ? await targets(ids, { actor, repo: core.repoOf(client) })
      : related
        ? await related.pickableIds(actor, ids, client)
        : new Set<number>();
    return ids.some((id) => !found.has(id))
      ? { field: name, message: "must exist", location: "relationships" }
      : null;
  };
  // On the pool the relationships are checked side by side; a transaction's one connection takes them in turn.
  const issues: TFieldIssue[] = [];
  if (client === core.kernel.read) {
    // Settled in order, so a refusal (403) is the one the first relationship meets, as in turn.
    for (const result of await Promise.allSettled(wanted.map(check))) {
      if (result.status === "rejected") throw result.reason;
      if (result.value) issues.push(result.value);
    }
  } else
    for (const entry of wanted) {
      const issue = await check(entry);
      if (issue) issues.push(issue);
    }
  if (issues.length) throw AppError.invalid(issues);
};

/** Column data of a write before its hooks: each written attribute and to-one foreign key in its column. */
export const defaultsOf = (core: TServiceCore, input: TWriteInput): Record<string, unknown> => {
  const virtual = new Set(core.hooks.virtual ?? []);
  const defaults: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.attributes))
    if (!virtual.has(name)) defaults[camel(name)] = value;
  for (const [name, id] of Object.entries(input.relationships)) {
    const map = core.relationMap(name);
    if (map.kind === "fk") defaults[map.field] = id;
  }
  return defaults;
};

/** The column data of a write: the defaults, then the hook's changes over them. */
export const dataOf = async (
  core: TServiceCore,
  input: TWriteInput,
  defaults: Record<string, unknown>,
  ctx: TLooseWriteCtx,
): Promise<Record<string, unknown>> => {
  if (!core.hooks.toData) return defaults;
  return { ...defaults, ...(await core.hooks.toData(input, defaults, ctx)) };
};

/** The definition's rules over several attributes (start before end), over the row as the write leaves it: 422 on the field. */
export const checkRules = (core: TServiceCore, next: Record<string, unknown>): void => {
  const broken = brokenRules(core.def, (name) => next[camel(name)]);
  if (broken.length) throw AppError.invalid(broken);
};

/** To-many and stored to-one relationships of a write, replaced in the write's transaction. */
export const writeStoredRelations = async (
  core: TServiceCore,
  client: TTx,
  id: number,
  input: TWriteInput,
): Promise<void> => {
  const rel = relationRepository(client);
  const given: [string, number[]][] = [
    ...Object.entries(input.toMany),
    ...Object.entries(input.relationships).flatMap(([n, v]): [string, number[]][] =>
      core.relations[n]?.kind === "through" ? [[n, v === null ? [] : [v]]] : [],
    ),
  ];
  for (const [name, ids] of given) {
    const map = core.relationMap(name);
    if (map.kind === "inverse" && map.writable) {
      await rel.replaceChildren(map, id, ids);
      continue;
    }
    if (map.kind !== "through")
      throw AppError.badRequest(`'${name}' is written through its related resource`);
    await rel.replace(map, id, ids);
  }
};

/**
 * Records of other types a write changed through its hooks, published once it committed, and
 * the hooks' after-commit work (run then; a failure is logged, the write stands).
 */
export const sideEffects = (core: TServiceCore) => {
  const touchedIds = new Map<string, Set<number>>();
  const pending: (() => Promise<unknown>)[] = [];
  return {
    afterCommit: (fn: () => Promise<unknown>): void => {
      pending.push(fn);
    },
    committed: async (actor: TActor): Promise<void> => {
      for (const [type, ids] of touchedIds) core.kernel.publish(type, [...ids], "update", actor);
      for (const fn of pending.splice(0))
        await fn().catch((error: unknown) =>
          core.kernel.logger.error(
            { err: error, type: core.def.type },
            "after-commit work of a write failed",
          ),
        );
    },
    touched: (type: string, ids: readonly number[]): void => {
      const set = touchedIds.get(type) ?? new Set<number>();
      for (const i of ids) set.add(i);
      touchedIds.set(type, set);
    },
  };
};
