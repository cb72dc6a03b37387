import { fileTypeFromBuffer } from "file-type";

export interface TAllowedType {
  mime: string;
  label: string;
}

/**
 * The named sets of types an upload may have (TFileSpec.accept in the contracts), recognised
 * from the content. Word and Excel 97-2003 files are OLE compound files, which the content
 * alone does not tell from other Office formats (file-type answers "cfb"): those are taken as
 * .doc or .xls when the name says so, and as nothing otherwise.
 */
export const ACCEPT = {
  image: [
    { mime: "image/jpeg", label: "JPEG" },
    { mime: "image/png", label: "PNG" },
    { mime: "image/webp", label: "WebP" },
  ],
  applicantFile: [
    { mime: "application/pdf", label: "PDF" },
    { mime: "image/jpeg", label: "JPEG" },
    { mime: "image/png", label: "PNG" },
    { mime: "image/webp", label: "WebP" },
    { mime: "image/heic", label: "HEIC" },
    { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "DOCX" },
    { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "XLSX" },
    { mime: "application/msword", label: "DOC" },
    { mime: "application/vnd.ms-excel", label: "XLS" },
  ],
  /** Owners' contract and document templates: Word 2007+ only (the binding checks the rest). */
  docxTemplate: [
    { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "DOCX" },
  ],
} as const satisfies Record<string, readonly TAllowedType[]>;
export type TAcceptName = keyof typeof ACCEPT;

/** The content type of a file by its content (and, for OLE files only, its name); null when unknown. */
export const detectType = async (buffer: Buffer, filename: string): Promise<string | null> => {
  const found = await fileTypeFromBuffer(buffer);
  if (!found) return null;
  if (found.mime === "image/heif") return "image/heic";
  if (found.ext === "cfb") {
    const ext = filename.toLowerCase().split(".").pop();
    if (ext === "doc") return "application/msword";
    if (ext === "xls") return "application/vnd.ms-excel";
    return null;
  }
  return found.mime;
};

export const isAccepted = (accept: TAcceptName, mime: string | null): boolean =>
  mime !== null && ACCEPT[accept].some((t) => t.mime === mime);

export const acceptLabels = (accept: TAcceptName): string => ACCEPT[accept].map((t) => t.label).join(", ");
