import type { TTemplateCheck, TTemplateChecks } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TStorage } from "../../storage/storage.js";
import type { TUpload } from "../../storage/upload.js";
import { checkTemplate, mlcWarning } from "../../print/contract-template.js";
import { pdfAvailable } from "../../print/pdf-converter.js";
import { TEMPLATE_ATTRIBUTES, type TContractPrintRepository } from "./contract-print-repository.js";

const isTemplateAttribute = (name: string): name is (typeof TEMPLATE_ATTRIBUTES)[number] =>
  (TEMPLATE_ATTRIBUTES as readonly string[]).includes(name);

/**
 * An owner's template upload (POST /owners/{id}/files/contract_template or document_templates):
 * refused with a 422 naming the unknown placeholder or broken tag, a zip bomb or a file that is
 * not Word's; a contract template that leaves out an MLC particular is stored with a warning.
 */
export const checkOwnerTemplateUpload = (attribute: string, upload: TUpload): Promise<string[]> => {
  if (!isTemplateAttribute(attribute)) return Promise.resolve([]);
  const report = checkTemplate(upload.buffer, attribute);
  return Promise.resolve(
    attribute === "contract_template" && report.missingParticulars.length
      ? [mlcWarning(upload.filename, report.missingParticulars)]
      : [],
  );
};

export const readStoredFile = async (storage: TStorage, key: string): Promise<Buffer> => {
  const object = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** GET /owners/{id}/template_check: each stored template checked again (placeholders, MLC particulars, problems). */
export const templateCheck = async (
  storage: TStorage,
  repo: TContractPrintRepository,
  ownerId: number,
): Promise<TTemplateChecks> => {
  const files = (await repo.templatesOf([ownerId])).get(ownerId);
  const data: TTemplateCheck[] = [];
  for (const attribute of TEMPLATE_ATTRIBUTES) {
    for (const f of files?.get(attribute) ?? []) {
      let placeholders: string[] = [];
      let missing: string[] = [];
      let problems: string[] = [];
      try {
        const report = checkTemplate(await readStoredFile(storage, f.key), attribute);
        placeholders = report.placeholders;
        missing = attribute === "contract_template" ? report.missingParticulars : [];
      } catch (error) {
        problems =
          error instanceof AppError ? error.errors.map((e) => e.title ?? e.detail ?? "") : ["unreadable"];
      }
      data.push({
        file_id: f.id,
        filename: f.filename,
        attribute,
        placeholders,
        missing_particulars: missing,
        problems,
      });
    }
  }
  return { data, meta: { pdf_available: pdfAvailable() } };
};
