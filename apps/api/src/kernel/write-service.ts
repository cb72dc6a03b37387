import { relationshipOf } from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { storedFilesRepository } from "../storage/stored-files-repository.js";
import { requireAccess } from "./access.js";
import type { TLooseWriteCtx } from "./binding.js";
import { deleteObjects, fileAttributes } from "./files-service.js";
import type { TTx } from "./model-types.js";
import { relationRepository } from "./resource-repository.js";
import type { TServiceCore } from "./service-core.js";
import type { TResourceService } from "./service-types.js";
import type { TRow } from "./store.js";
import type { TWriteInput } from "./write-body.js";
import {
  checkRelated,
  checkRelationshipPermissions,
  checkRules,
  dataOf,
  defaultsOf,
  sideEffects,
  writeStoredRelations,
} from "./write-steps.js";

type TWrites = Pick<TResourceService, "create" | "update" | "remove" | "writeRelationship">;

/**
 * The writes of a resource: create, update, delete and the relationship endpoints. Each runs
 * in one audited transaction with the row before and after; records of other types its hooks
 * touched are published once it committed. `answer` turns the written row into the reply.
 */
export const createWrites = (core: TServiceCore, answer: TResourceService["answer"]): TWrites => {
  const { def, hooks, kernel } = core;
  const hasFiles = fileAttributes(def).length > 0;

  /** `prepare` runs after the checks, before the row is written (a relationship endpoint's hook). */
  const write = async (
    actor: TActor,
    mode: "create" | "update",
    id: number | undefined,
    input: TWriteInput,
    prepare?: (tx: TTx, before: TRow | null) => Promise<void>,
  ): Promise<TRow> => {
    const side = sideEffects(core);
    checkRelationshipPermissions(core, actor, input);
    // The related records are checked on the pool, side by side, before the transaction takes
    // its connection (inside it they were one Prisma statement after another on it; and a
    // transaction must not wait for another pool connection while it holds one). The row's
    // own 404 still comes before their 422.
    const failed = await checkRelated(core, actor, input, kernel.read).then(
      () => null,
      (error: unknown) => ({ error }),
    );
    if (failed && id === undefined) throw failed.error;
    const row = await kernel.write(actor, async (tx) => {
      const store = core.store(tx);
      const before = id === undefined ? null : await core.load(actor, id, tx);
      if (failed) throw failed.error;
      await prepare?.(tx, before);
      const defaults = defaultsOf(core, input);
      const next = { ...before, ...defaults };
      checkRules(core, next);
      const ctx: TLooseWriteCtx = {
        actor,
        mode,
        id,
        before,
        next,
        input,
        repo: core.repoOf(tx),
        touched: side.touched,
        afterCommit: side.afterCommit,
        kernel,
      };
      const data = await dataOf(core, input, defaults, ctx);
      const written = mode === "create" ? await store.create(data) : await store.update(id as number, data);
      await writeStoredRelations(core, tx, written.id, input);
      if (hooks.afterWrite) await hooks.afterWrite(written, { ...ctx, id: written.id });
      return written;
    });
    await side.committed(actor);
    // The answer shows what is stored: hooks may have moved the row on (renumbering), and the
    // binding's include is not on the written row. Read after the commit, through the pool (pg,
    // sql-include.ts), so the transaction does not hold its connection for it (bench:load: a
    // vessel's re-read was five Prisma statements inside it). Without either, the written row
    // (RETURNING, after any trigger) is what is stored.
    if (!hooks.afterWrite && !core.include) return row;
    return (await core.store().find({ id: row.id }, core.include)) ?? row;
  };

  return {
    async create(actor, input, parent) {
      requireAccess(actor, def.permission, "create");
      if (parent) {
        if (!parent.checked) await kernel.serviceOf(parent.type).requireReadable(actor, parent.id);
        input.relationships[parent.relationship] = parent.id;
      }
      const row = await write(actor, "create", undefined, input);
      kernel.publish(def.type, [row.id], "create", actor);
      return answer(actor, row);
    },

    async update(actor, id, input) {
      requireAccess(actor, def.permission, "update");
      const row = await write(actor, "update", id, input);
      kernel.publish(def.type, [row.id], "update", actor);
      return answer(actor, row);
    },

    async remove(actor, id) {
      requireAccess(actor, def.permission, "delete");
      const side = sideEffects(core);
      const keys = await kernel.write(actor, async (tx) => {
        const row = await core.load(actor, id, tx);
        const ctx = {
          actor,
          repo: core.repoOf(tx),
          touched: side.touched,
          afterCommit: side.afterCommit,
          kernel,
        };
        await hooks.beforeDelete?.(row, ctx);
        const fileKeys = hasFiles ? await storedFilesRepository(tx).removeOfRecord(def.type, id) : [];
        await core.store(tx).remove(id);
        await hooks.afterDelete?.(row, ctx);
        return fileKeys;
      });
      await deleteObjects(kernel.storage, keys, kernel);
      kernel.publish(def.type, [id], "delete", actor);
      await side.committed(actor);
    },

    /** JSON:API relationship writes: to-one takes PATCH only; each is an update of this record. */
    async writeRelationship(actor, id, name, op, ids, flags = {}) {
      requireAccess(actor, def.permission, "update");
      const rel = relationshipOf(def, name);
      if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
      if (rel.readOnly) throw AppError.forbidden(`'${name}' is written through ${rel.type}`);
      if (rel.cardinality === "one" && op !== "replace")
        throw AppError.forbidden("This is a to-one relationship: replace it with PATCH.");
      const map = core.relationMap(name);
      const change = { name, op, ids, flags };
      const before = async (tx: TTx, row: TRow): Promise<void> =>
        hooks.beforeRelationshipChange?.(change, { actor, id, before: row, repo: core.repoOf(tx), kernel });
      const after = async (): Promise<void> =>
        hooks.afterRelationshipChange?.(change, {
          actor,
          id,
          repo: core.repoOf(kernel.read),
          kernel,
          transaction: (fn) => kernel.write(actor, (tx) => fn(core.repoOf(tx))),
        });
      if (op === "replace") {
        const input: TWriteInput =
          rel.cardinality === "one"
            ? { attributes: {}, relationships: { [name]: ids[0] ?? null }, toMany: {} }
            : { attributes: {}, relationships: {}, toMany: { [name]: ids } };
        await write(actor, "update", id, input, async (tx, row) => (row ? before(tx, row) : undefined));
        await after();
        return;
      }
      if (map.kind !== "through" && !(map.kind === "inverse" && map.writable))
        throw AppError.forbidden(`'${name}' is written through ${rel.type}`);
      if (rel.permission) requireAccess(actor, rel.permission, "update");
      const side = sideEffects(core);
      await kernel.write(actor, async (tx) => {
        const row = await core.load(actor, id, tx);
        await before(tx, row);
        if (op === "add")
          await checkRelated(core, actor, { attributes: {}, relationships: {}, toMany: { [name]: ids } }, tx);
        const joins = relationRepository(tx);
        if (map.kind === "inverse")
          await (op === "add" ? joins.adopt(map, id, ids) : joins.release(map, id, ids));
        else await (op === "add" ? joins.add(map, id, ids) : joins.remove(map, id, ids));
        if (hooks.afterWrite) {
          const after = await core.load(actor, id, tx);
          await hooks.afterWrite(after, {
            actor,
            mode: "update",
            id,
            before: after,
            next: after,
            input: { attributes: {}, relationships: {}, toMany: {} },
            repo: core.repoOf(tx),
            touched: side.touched,
            afterCommit: side.afterCommit,
            kernel,
          });
        }
      });
      await side.committed(actor);
      await after();
    },
  };
};
