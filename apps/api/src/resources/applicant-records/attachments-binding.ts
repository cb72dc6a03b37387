import { ATTACHABLE_TYPES, attachments, type TAttachableType } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { attachUploads } from "../../kernel/files-service.js";
import { attachmentsRepository, type TAttachmentsRepository } from "./attachments-repository.js";
import { applicantRecordsScope } from "./records-scope.js";

/** An attachment is addressed to its applicant or to one of the applicant's own records. */
const checkAddress = async (
  repo: TAttachmentsRepository,
  userId: number,
  type: TAttachableType | null,
  id: number | null,
): Promise<void> => {
  if (type === null && id === null) return;
  if (type === null || id === null) {
    throw AppError.invalid([
      {
        field: type === null ? "addressable_type" : "addressable_id",
        message: "can't be blank when the other is given",
      },
    ]);
  }
  if ((await repo.applicantOf(type, id)) !== userId)
    throw AppError.invalid([{ field: "addressable_id", message: "must be a record of this applicant" }]);
};

const isAttachable = (v: unknown): v is TAttachableType =>
  typeof v === "string" && (ATTACHABLE_TYPES as readonly string[]).includes(v);

/**
 * Attachments (docs/records.md "Attachments"): a titled file of an applicant, addressed to the
 * applicant or one of their records (`addressable_type`, `addressable_id`); the file is the
 * `document` attribute. POST attachments/create_item takes the spec's multipart form and stores the
 * record and its file in one transaction.
 */
export const attachmentsBinding: TResourceEntry = bindResource(
  attachments,
  "Attachment",
  attachmentsRepository,
)({
  scope: applicantRecordsScope,
  async toData(_input, defaults, ctx) {
    const data: typeof defaults = {};
    if (ctx.mode === "create") data.authorId = ctx.actor.id;
    const { userId } = ctx.next;
    const type = ctx.next.addressableType ?? null;
    const id = ctx.next.addressableId ?? null;
    if (
      userId !== undefined &&
      (defaults.addressableType !== undefined ||
        defaults.addressableId !== undefined ||
        defaults.userId !== undefined)
    ) {
      await checkAddress(ctx.repo, userId, isAttachable(type) ? type : null, id);
    }
    return data;
  },
  actions: {
    async create_item(ctx) {
      const { input, actor } = ctx;
      const [file, ...more] = ctx.uploads;
      if (!file || more.length)
        throw AppError.invalid([{ field: "document", message: file ? "takes one file" : "give the file" }]);
      const userId = input.crewing_applicant_id;
      await ctx.kernel.serviceOf("users").requireReadable(actor, userId);
      await checkAddress(ctx.repo, userId, input.addressable_type ?? null, input.addressable_id ?? null);
      let created = 0;
      // The object first, then the record and its file row in one audited transaction (kernel files).
      await attachUploads(
        ctx.kernel,
        actor,
        ctx.def,
        () => created,
        "document",
        [file],
        (fn) =>
          ctx.transaction(async (repo) => {
            const row = await repo.create({
              userId,
              title: input.title,
              authorId: actor.id,
              addressableType: input.addressable_type ?? null,
              addressableId: input.addressable_id ?? null,
            });
            created = row.id;
            await fn(repo.client);
          }),
      );
      return { status: 201, document: await ctx.kernel.serviceOf("attachments").show(actor, created, {}) };
    },
  },
});
