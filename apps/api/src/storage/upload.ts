import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import multer from "multer";
import { AppError } from "../errors/app-error.js";
import { cleanFilename } from "./clean-filename.js";
import { acceptLabels, detectType, isAccepted, type TAcceptName } from "./file-types.js";

export interface TUpload {
  /** The form field it came in. */
  field: string;
  filename: string;
  /** Recognised from the content, never the client's word. */
  contentType: string;
  size: number;
  /** sha256, base64. */
  checksum: string;
  buffer: Buffer;
}

export interface TUploadOptions {
  maxBytes: number;
  accept: TAcceptName;
  /** Field the files come in (the spec's attachments send `document`). */
  fields?: readonly string[];
  maxFiles?: number;
  /** Text fields at most (default 50), and bytes of each (default 64 KB). */
  maxFields?: number;
  fieldBytes?: number;
}

/**
 * Reads a multipart/form-data request: the files (each checked by its content against the
 * accepted set; a refused one is a 422 naming it, on the field it came in) and the text fields.
 * Too large is 413, not multipart 415, malformed 400.
 */
export const readUpload = async (
  req: Request,
  res: Response,
  options: TUploadOptions,
): Promise<{ files: TUpload[]; fields: Record<string, string> }> => {
  if (!req.is("multipart/form-data"))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send files as multipart/form-data.");
  const parser = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxBytes,
      files: options.maxFiles ?? 20,
      fields: options.maxFields ?? 50,
      fieldSize: options.fieldBytes ?? 64 * 1024,
      parts: (options.maxFields ?? 50) + (options.maxFiles ?? 20) + 10,
    },
  }).any();
  await new Promise<void>((resolve, reject) => {
    parser(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === "LIMIT_FILE_SIZE") {
          const detail = `${error.field ?? "The file"} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`;
          return reject(
            new AppError("PAYLOAD_TOO_LARGE", detail, [
              {
                status: "413",
                title: "Payload Too Large",
                detail,
                ...(error.field
                  ? { source: { pointer: `/data/attributes/${error.field.replace(/\[\]$/, "")}` } }
                  : {}),
              },
            ]),
          );
        }
        if (error.code === "LIMIT_FIELD_VALUE" && error.field) {
          const detail = `${error.field} is longer than ${options.fieldBytes ?? 64 * 1024} bytes.`;
          return reject(
            new AppError("PAYLOAD_TOO_LARGE", detail, [
              {
                status: "413",
                title: "Payload Too Large",
                detail,
                source: { pointer: `/data/attributes/${error.field}` },
              },
            ]),
          );
        }
        return reject(AppError.badRequest(`The upload was refused: ${error.message}.`));
      }
      reject(AppError.badRequest("The multipart body could not be read."));
    });
  });
  const raw = (req.files ?? []) as Express.Multer.File[];
  const allowed = options.fields ?? ["file", "files", "files[]"];
  const files: TUpload[] = [];
  for (const file of raw) {
    if (!allowed.includes(file.fieldname))
      throw AppError.badRequest(`Unexpected file field '${file.fieldname}'`, file.fieldname);
    const filename = cleanFilename(Buffer.from(file.originalname, "latin1").toString("utf8"));
    const contentType = await detectType(file.buffer, filename);
    if (!isAccepted(options.accept, contentType)) {
      throw AppError.invalid([
        {
          field: file.fieldname.replace(/\[\]$/, ""),
          message: `${filename} is not an allowed file type (${acceptLabels(options.accept)})`,
        },
      ]);
    }
    files.push({
      field: file.fieldname,
      filename,
      contentType: contentType as string,
      size: file.size,
      checksum: createHash("sha256").update(file.buffer).digest("base64"),
      buffer: file.buffer,
    });
  }
  const body: unknown = req.body;
  const fields: Record<string, string> = {};
  if (typeof body === "object" && body !== null) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>))
      if (typeof v === "string") fields[k] = v;
  }
  return { files, fields };
};
