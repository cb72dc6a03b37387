import { AppError } from "../errors/app-error.js";
import { storedFilesRepository } from "../storage/stored-files-repository.js";
import { requireAccess } from "./access.js";
import { attachUploads, deleteObjects, fileSpecOf } from "./files-service.js";
import type { TServiceCore } from "./service-core.js";
import type { TResourceService } from "./service-types.js";

type TFileWrites = Pick<TResourceService, "uploadFiles" | "reorderFiles" | "removeFile">;

/** The file attributes of a resource's records: uploads, their order, removal; each needs update on the record. */
export const createFileWrites = (core: TServiceCore, answer: TResourceService["answer"]): TFileWrites => {
  const { def, kernel } = core;
  return {
    /** POST /{type}/{id}/files/{attribute}: uploads for a file attribute. */
    async uploadFiles(actor, id, attribute, uploads) {
      requireAccess(actor, def.permission, "update");
      await core.load(actor, id);
      const warnings: string[] = [];
      for (const upload of uploads)
        warnings.push(...((await core.hooks.checkUpload?.(attribute, upload, { actor, id })) ?? []));
      await attachUploads(kernel, actor, def, id, attribute, uploads, (fn) =>
        kernel.write(actor, async (tx) => {
          await core.load(actor, id, tx);
          await fn(tx);
        }),
      );
      kernel.publish(def.type, [id], "update", actor);
      const doc = await answer(actor, await core.load(actor, id));
      return warnings.length ? { ...doc, meta: { ...doc.meta, warnings } } : doc;
    },

    /** PATCH /{type}/{id}/files/{attribute} `{ids}`: the order of a several-file attribute. */
    async reorderFiles(actor, id, attribute, ids) {
      requireAccess(actor, def.permission, "update");
      fileSpecOf(def, attribute);
      await kernel.write(actor, async (tx) => {
        await core.load(actor, id, tx);
        const repo = storedFilesRepository(tx);
        const current = (await repo.ofAttribute(def.type, id, attribute)).map((f) => f.id);
        if (current.length !== ids.length || !current.every((f) => ids.includes(f))) {
          throw AppError.invalid([
            { field: attribute, message: "must list each of the record's files once" },
          ]);
        }
        await repo.reorder(ids);
      });
      return answer(actor, await core.load(actor, id));
    },

    /** DELETE /files/{id} of a file of this type. */
    async removeFile(actor, file) {
      requireAccess(actor, def.permission, "update");
      await kernel.write(actor, async (tx) => {
        await core.load(actor, file.recordId, tx);
        await storedFilesRepository(tx).remove([file.id]);
      });
      await deleteObjects(kernel.storage, [file.key], kernel);
      kernel.publish(def.type, [file.recordId], "update", actor);
    },
  };
};
