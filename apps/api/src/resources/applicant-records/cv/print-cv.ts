import { can } from "@crew/contracts";
import { AppError } from "../../../errors/app-error.js";
import type { TActor } from "../../../http/context.js";
import type { TActionFile } from "../../../kernel/actions.js";
import type { TKernelServices } from "../../../kernel/kernel-deps.js";
import { cleanFilename } from "../../../storage/clean-filename.js";
import { cvDocx } from "./cv-docx.js";
import type { TCvRepository } from "./cv-repository.js";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const PHOTO_TYPES = new Set(["image/png", "image/jpeg"]);

const readAll = async (body: AsyncIterable<unknown>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
};

/**
 * GET /api/print/{id}?crewing_applicant_id=&cv_name= (docs/records.md "CV"): the applicant's CV
 * as a .docx, its parts as far as the reader may read them (documents, sea service, English).
 * `crewing_applicant_id`, when sent, must be the applicant's number; `cv_name` names the file
 * (default "CV <surname> <name> <number>.docx").
 */
export const printCv = async (
  kernel: TKernelServices,
  repo: TCvRepository,
  actor: TActor,
  userId: number,
  input: { crewing_applicant_id?: string | undefined; cv_name?: string | undefined },
): Promise<TActionFile> => {
  const applicant = await repo.applicant(userId);
  if (!applicant) throw AppError.notFound(`Applicant ${userId} not found`);
  if (input.crewing_applicant_id && input.crewing_applicant_id !== applicant.crewingApplicantId) {
    throw AppError.invalid([
      { field: "crewing_applicant_id", message: `is not the number of applicant ${userId}` },
    ]);
  }
  const may = (key: string) => can(actor.permissions, key, "read");
  const stored = await repo.photo(userId);
  const photo =
    stored && PHOTO_TYPES.has(stored.contentType)
      ? await readAll((await kernel.storage.get(stored.key)).body)
      : null;
  const [documents, seaService, englishTests] = await Promise.all([
    may("userDocuments") ? repo.documents(userId) : null,
    may("userExperiences") ? repo.seaService(userId) : null,
    may("userEnglishTestResults") ? repo.englishTests(userId) : null,
  ]);
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const body = await cvDocx({
    applicant,
    photo,
    documents,
    seaService,
    englishTests,
    printedBy: actor.name,
    today,
  });
  const stem =
    input.cv_name?.replace(/\.docx$/i, "") ||
    `CV ${applicant.surname} ${applicant.name} ${applicant.crewingApplicantId}`;
  return { filename: cleanFilename(`${stem.replace(/[/\\]/g, "-")}.docx`), contentType: DOCX, body };
};
