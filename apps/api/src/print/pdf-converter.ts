import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { AppError } from "../errors/app-error.js";

/**
 * .docx to PDF through LibreOffice (`soffice --headless --convert-to pdf`) where it is
 * installed: one conversion at a time per process (LibreOffice is heavy and a profile may be
 * used by one instance only), with a profile directory of this process's own and a timeout
 * after which the converter is killed. Without LibreOffice, pdfAvailable() is false and the
 * contract is given as .docx alone.
 */
const TIMEOUT_MS = 60_000;

let found: string | null | undefined;
/** The soffice (or libreoffice) binary on PATH, looked up once. */
export const sofficePath = (): string | null => {
  if (found !== undefined) return found;
  const candidates = [
    process.env.SOFFICE_PATH ?? "",
    ...(process.env.PATH ?? "")
      .split(delimiter)
      .flatMap((dir) => [join(dir, "soffice"), join(dir, "libreoffice")]),
  ].filter(Boolean);
  found =
    candidates.find((c) => {
      try {
        accessSync(c, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null;
  return found;
};

export const pdfAvailable = (): boolean => sofficePath() !== null;

let queue: Promise<unknown> = Promise.resolve();
let profile: Promise<string> | undefined;

const run = (bin: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 }, (error) =>
      error ? reject(new Error(error.message)) : resolve(),
    );
  });

const convert = async (docx: Buffer): Promise<Buffer> => {
  const bin = sofficePath();
  if (!bin) throw new AppError("UNAVAILABLE", "PDF is not available here (LibreOffice is not installed).");
  profile ??= mkdtemp(join(tmpdir(), "crew-soffice-profile-"));
  const dir = await mkdtemp(join(tmpdir(), "crew-soffice-job-"));
  try {
    const input = join(dir, "document.docx");
    await writeFile(input, docx);
    await run(bin, [
      `-env:UserInstallation=${pathToFileURL(await profile).href}`,
      "--headless",
      "--norestore",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      input,
    ]);
    return await readFile(join(dir, "document.pdf"));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("UNAVAILABLE", "The PDF could not be made (LibreOffice failed or took too long).");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A .docx as PDF, after the conversions queued before it. */
export const docxToPdf = (docx: Buffer): Promise<Buffer> => {
  const next = queue.then(
    () => convert(docx),
    () => convert(docx),
  );
  queue = next.catch(() => undefined);
  return next;
};
