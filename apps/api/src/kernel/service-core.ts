import { can, mayPick } from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { requireAccess } from "./access.js";
import type { TLooseHooks, TResourceEntry } from "./binding.js";
import type { TKernelDeps } from "./kernel-deps.js";
import type { TTx } from "./model-types.js";
import { foreignKey } from "./naming.js";
import type { TRelationMap } from "./relations.js";
import { resourceRepository } from "./resource-repository.js";
import type { TRow, TWhere } from "./store.js";

/**
 * What every part of a resource's service shares: its binding, the kernel, and the one way
 * each path sees records of this type (the reader's permission and the resource's scope).
 * Made once per resource; the list, read, write, files and versions parts take it.
 */
export interface TServiceCore {
  entry: TResourceEntry;
  def: TResourceEntry["def"];
  hooks: TLooseHooks;
  kernel: TKernelDeps;
  /** Relationships' storage: declared in the binding or inferred (kernel/relation-inference.ts). */
  relations: Record<string, TRelationMap>;
  /** How a relationship is stored: declared or inferred, else the foreign key `<name>Id`. */
  relationMap(name: string): TRelationMap;
  /** The binding's own repository over a client (the pool or a write's transaction). */
  repoOf(client: TTx): unknown;
  /** The generic repository of the model over a client (default: the pool). */
  store(client?: TTx): ReturnType<typeof resourceRepository>;
  /** Relations always loaded with a row (binding `include`). */
  include: Record<string, unknown> | undefined;
  /** The reader's scope of this resource, with `where`; needs read permission. */
  readable(actor: TActor, where?: TWhere): TWhere;
  /** The resource's scope with `where`, without the read permission (actions under keys of their own). */
  scoped(actor: TActor, where?: TWhere): TWhere;
  /** Records a form lets the caller choose (docs/decisions.md "Pickers"). */
  pickable(actor: TActor, where?: TWhere): TWhere;
  /** A record the caller may read, or 404 (missing and out of scope look the same). */
  load(actor: TActor, id: number, client?: TTx): Promise<TRow>;
}

export const createServiceCore = (entry: TResourceEntry, kernel: TKernelDeps): TServiceCore => {
  const { def, model, hooks } = entry;
  const relations: Record<string, TRelationMap> = hooks.relations ?? {};
  const readStore = resourceRepository(kernel.read, model, { sqlReads: kernel.config.KERNEL_SQL_READS });
  const store = (client?: TTx) =>
    client === undefined || client === kernel.read ? readStore : resourceRepository(client, model);

  const scoped = (actor: TActor, where: TWhere = {}): TWhere => {
    const scope = hooks.scope?.(actor);
    return scope ? { AND: [scope, where] } : where;
  };
  const readable = (actor: TActor, where: TWhere = {}): TWhere => {
    requireAccess(actor, def.permission, "read");
    return scoped(actor, where);
  };
  /** Readable ones, or, for a writer of a resource with a form relationship to this type, any within the type's scope. */
  const pickable = (actor: TActor, where: TWhere = {}): TWhere => {
    if (!can(actor.permissions, def.permission, "read") && mayPick(actor.permissions, def.type))
      return scoped(actor, where);
    return readable(actor, where);
  };

  return {
    entry,
    def,
    hooks,
    kernel,
    relations,
    relationMap: (name) => relations[name] ?? { kind: "fk", field: foreignKey(name) },
    repoOf: (client) => hooks.repository?.(client),
    store,
    include: hooks.include,
    readable,
    scoped,
    pickable,
    async load(actor, id, client = kernel.read) {
      const row = await store(client).find(readable(actor, { id }), hooks.include);
      if (!row) throw AppError.notFound(`${def.label.one} ${id} not found`);
      return row;
    },
  };
};
