import { DOCUMENT_TYPES, ZEndorsementInput, applicantDocuments } from "@crew/contracts";
import { AppError, type TFieldIssue } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { cleanFilename } from "../../storage/clean-filename.js";
import { attachmentsAddressedTo, endorsementAttachments } from "./attachments-repository.js";
import { documentsRepository, type TDocumentFile } from "./documents-repository.js";
import { applicantRecordsScope } from "./records-scope.js";

/** spec 001 §8. */
export const FILES_RENAMED = "File(s) have been renamed successfully.";

const kindTitle = (row: Record<string, unknown>): string | null => {
  const kind = row.kind;
  return typeof kind === "object" && kind !== null && "title" in kind && typeof kind.title === "string"
    ? kind.title
    : null;
};

/** "Kovalenko Andrii - STCW II-2 CoC 12345 (endorsement) (2).pdf": applicant, kind, number, then the original extension. */
export const standardFilename = (
  applicant: { surname: string; name: string },
  file: TDocumentFile,
  nth: number,
  of: number,
): string => {
  const dot = file.filename.lastIndexOf(".");
  const ext = dot > 0 && file.filename.length - dot <= 10 ? file.filename.slice(dot).toLowerCase() : "";
  const parts = [
    `${applicant.surname} ${applicant.name}`,
    "-",
    file.kindTitle,
    file.number,
    file.nTpd === DOCUMENT_TYPES.endorsement ? "(endorsement)" : "",
    of > 1 ? `(${nth})` : "",
  ];
  // Slashes in certificate numbers ("123/2020") are not folders.
  return cleanFilename(`${parts.filter(Boolean).join(" ").replace(/[/\\]/g, "-")}${ext}`);
};

/**
 * An applicant's documents (docs/records.md "Documents"): the kind by `n_doc` or the `kind`
 * relationship, dates in order, the staff's order (new ones last, restore_sequence), a
 * certificate's endorsement saved with it as its kind 3 record in the same transaction, and the
 * standard file names. Validity is placed by the database (a row trigger and the hourly job).
 */
export const documentsBinding: TResourceEntry = bindResource(
  applicantDocuments,
  "ApplicantDocument",
  documentsRepository,
)({
  virtual: ["endorsement_attributes"],
  scope: applicantRecordsScope,
  include: { kind: { select: { title: true } } },
  computed: {
    kind_title: (row) => kindTitle(row),
    title: (row) => [kindTitle(row), row.number].filter(Boolean).join(" "),
  },
  relations: {
    attachments: { kind: "loaded", load: attachmentsAddressedTo("applicant_documents") },
    endorsement_attachments: { kind: "loaded", load: endorsementAttachments },
  },
  async toData(input, defaults, ctx) {
    const { before, repo } = ctx;
    const data: typeof defaults = {};
    const issues: TFieldIssue[] = [];
    const { userId } = ctx.next;
    if (userId === undefined)
      throw AppError.invalid([{ field: "user", message: "must exist", location: "relationships" }]);
    if (ctx.mode === "create") {
      data.authorId = ctx.actor.id;
      data.sequence = await repo.nextSequence(userId);
    }
    // n_doc (the spec's attribute) and the kind relationship name the same column.
    const byAttribute = input.attributes.n_doc;
    const byRelationship = input.relationships.kind;
    if (typeof byAttribute === "number" && byRelationship !== undefined && byRelationship !== byAttribute) {
      issues.push({ field: "n_doc", message: "names another kind than the kind relationship" });
    }
    if (
      typeof byAttribute === "number" &&
      !(await repo.exists("ApplicantDocumentKind", [byAttribute])).has(byAttribute)
    ) {
      issues.push({ field: "n_doc", message: "must exist" });
    }
    const { nDoc } = ctx.next;
    if (!nDoc) issues.push({ field: "kind", message: "can't be blank", location: "relationships" });
    const nTpd = ctx.next.nTpd ?? DOCUMENT_TYPES.document;
    const endorsement = input.attributes.endorsement_attributes;
    if (endorsement !== undefined && endorsement !== null && nTpd !== DOCUMENT_TYPES.certificate) {
      issues.push({
        field: "endorsement_attributes",
        message: "belongs to a certificate with endorsement (type 2) only",
      });
    }
    if (endorsement === undefined && before?.endorsementId && nTpd !== DOCUMENT_TYPES.certificate) {
      issues.push({
        field: "n_tpd",
        message: "must stay 2 while the certificate has an endorsement: remove the endorsement first",
      });
    }
    const e = endorsement === undefined || endorsement === null ? null : ZEndorsementInput.parse(endorsement);
    const countryId = e?.issuing_country_id;
    if (countryId && !(await repo.exists("Country", [countryId])).has(countryId)) {
      issues.push({
        field: "endorsement_attributes",
        message: "names an issuing country that does not exist",
      });
    }
    if (issues.length || !nDoc) throw AppError.invalid(issues);
    if (endorsement === null && before?.endorsementId) {
      // Its row goes first; the foreign key clears this one's link.
      await repo.removeDocument(before.endorsementId);
      data.endorsementId = null;
    } else if (e) {
      const roleId = ctx.next.roleId ?? null;
      data.endorsementId = await repo.saveEndorsement(
        before?.endorsementId ?? null,
        { userId, nDoc, roleId, sequence: data.sequence ?? before?.sequence ?? 0 },
        {
          number: e.number,
          validFrom: e.valid_from,
          validUntil: e.valid_until,
          issuedBy: e.issued_by,
          issuingCountryId: e.issuing_country_id,
        },
        ctx.actor.id,
      );
    }
    return data;
  },
  async afterWrite(after, ctx) {
    // A certificate moved to another kind, rank or applicant takes its endorsement along.
    if (
      ctx.mode === "update" &&
      after.endorsementId &&
      ctx.input.attributes.endorsement_attributes === undefined
    ) {
      await ctx.repo.followCertificate(after.endorsementId, {
        userId: after.userId,
        nDoc: after.nDoc,
        roleId: after.roleId,
      });
    }
  },
  async beforeDelete(row, ctx) {
    if (row.endorsementId) await ctx.repo.removeDocument(row.endorsementId);
  },
  actions: {
    async restore_sequence(ctx) {
      const { ids } = ctx.input;
      if (new Set(ids).size !== ids.length)
        throw AppError.invalid([{ field: "ids", message: "names a document twice" }]);
      const owners = await ctx.repo.owners(ids);
      const userId = ctx.input.user_id ?? owners.get(ids[0] ?? 0);
      const foreign = ids.filter((id) => userId === undefined || owners.get(id) !== userId);
      if (userId === undefined || foreign.length) {
        throw AppError.invalid([
          { field: "ids", message: `must all be documents of one applicant (not: ${foreign.join(", ")})` },
        ]);
      }
      await ctx.kernel.serviceOf("users").requireReadable(ctx.actor, userId);
      await ctx.transaction((repo) => repo.reorder(userId, ids));
      const documents = ctx.kernel.serviceOf("applicant_documents");
      return {
        document: await documents.list(ctx.actor, { page: { size: "999" } }, ctx.url, {
          parent: { type: "users", id: userId, relationship: "user" },
        }),
      };
    },
    async rename_files(ctx) {
      const userId = ctx.input.user_id;
      await ctx.kernel.serviceOf("users").requireReadable(ctx.actor, userId);
      const renamed = await ctx.transaction(async (repo) => {
        const { applicant, files } = await repo.files(userId);
        if (!applicant) return 0;
        let count = 0;
        for (const file of files) {
          const siblings = files.filter((f) => f.documentId === file.documentId);
          const name = standardFilename(applicant, file, siblings.indexOf(file) + 1, siblings.length);
          if (name === file.filename) continue;
          await repo.renameFile(file.fileId, name);
          count += 1;
        }
        return count;
      });
      return { document: { meta: { message: FILES_RENAMED, renamed } } };
    },
  },
});
