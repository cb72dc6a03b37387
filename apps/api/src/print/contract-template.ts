import { inflateRawSync } from "node:zlib";
import {
  CONTRACT_PLACEHOLDERS,
  CONTRACT_PLACEHOLDER_NAMES,
  MLC_PARTICULARS,
  type TContractPlaceholder,
} from "@crew/contracts";
import Docxtemplater from "docxtemplater";
import InspectModule from "docxtemplater/js/inspect-module.js";
import PizZip from "pizzip";
import { AppError } from "../errors/app-error.js";

/**
 * Owners' .docx templates (issue 17 §4): docxtemplater's core with its default parser (a tag is
 * a name looked up in the data, nothing is evaluated; never the angular-expressions parser,
 * never docx-templates, which runs JavaScript from the template) over PizZip. Before a zip is
 * opened its entries are inflated here with a cap, so a zip bomb costs at most the cap.
 */

/** The most a template may hold once unpacked (Word's own contracts are well under 2 MB). */
export const TEMPLATE_MAX_UNPACKED = 30 * 1024 * 1024;
/** The largest template file (the upload limit of the server is larger). */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/** Placeholders (tags) in one template: a contract has about a hundred. */
export const TEMPLATE_MAX_TAGS = 2000;
/** Loops inside loops: two levels are enough for any contract and keep a filled file small. */
export const TEMPLATE_MAX_DEPTH = 2;
/** Items of one loop when a template is filled (bounded by the data anyway). */
const MAX_LOOP_ITEMS = 200;
/** The filled file's largest unpacked size. */
const MAX_FILLED = 60 * 1024 * 1024;

export type TTemplateValue = string | readonly Record<string, string>[];
export type TTemplateData = Record<string, TTemplateValue>;

const refuse = (field: string, message: string): AppError =>
  AppError.invalid([{ field, message, sentence: true }]);

interface TZipEntry {
  name: string;
  dir: boolean;
  _data?: {
    compressedSize?: unknown;
    uncompressedSize?: unknown;
    compressionMethod?: unknown;
    getCompressedContent?: unknown;
  };
}

/**
 * Opens a .docx as a zip after checking what it unpacks to: the sizes the entries declare, and
 * each entry inflated (with Node's zlib and an output cap) to prove the declared size is true.
 */
export const openDocx = (buffer: Buffer, field: string): PizZip => {
  if (buffer.length > TEMPLATE_MAX_BYTES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The template is larger than ${TEMPLATE_MAX_BYTES / 1024 / 1024} MB; a contract template is far smaller.`,
    );
  let zip: PizZip;
  try {
    zip = new PizZip(buffer);
  } catch {
    throw refuse(field, "The file is not a readable .docx (its zip container is broken).");
  }
  let total = 0;
  const entries = Object.values(zip.files) as unknown as TZipEntry[];
  if (entries.length > 2000) throw refuse(field, "The file holds too many parts to be a Word document.");
  for (const entry of entries) {
    if (entry.dir) continue;
    const data = entry._data;
    const declared = typeof data?.uncompressedSize === "number" ? data.uncompressedSize : -1;
    if (declared < 0 || !data || typeof data.getCompressedContent !== "function") continue;
    total += declared;
    if (total > TEMPLATE_MAX_UNPACKED)
      throw refuse(
        field,
        `The file unpacks to more than ${TEMPLATE_MAX_UNPACKED / 1024 / 1024} MB (a zip bomb?); it is refused.`,
      );
    // Deflated entries are inflated with a cap one byte over the declared size: a lie stops there.
    if (data.compressionMethod === "\x08\x00") {
      try {
        const raw = (data as { getCompressedContent: () => Uint8Array | string }).getCompressedContent();
        const bytes = typeof raw === "string" ? Buffer.from(raw, "binary") : Buffer.from(raw);
        const out = inflateRawSync(bytes, { maxOutputLength: declared + 1 });
        if (out.length !== declared) throw new Error("size");
      } catch {
        throw refuse(field, `The part ${entry.name} of the file does not unpack to the size it declares.`);
      }
    }
  }
  if (!zip.files["word/document.xml"])
    throw refuse(field, "The file is not a Word document (it has no word/document.xml).");
  return zip;
};

interface TTagPart {
  type: string;
  value: string;
  module?: string;
  subparsed?: TTagPart[];
}

const isLoop = (p: TTagPart) => p.module === "loop";

/** The names a template uses (top level and in loops), its tag count and deepest loop nesting. */
const walk = (
  parts: readonly TTagPart[],
  depth: number,
  found: { names: Set<string>; count: number; depth: number },
): void => {
  for (const part of parts) {
    if (part.type !== "placeholder") continue;
    found.count += 1;
    found.names.add(part.value);
    if (isLoop(part)) {
      found.depth = Math.max(found.depth, depth + 1);
      walk(part.subparsed ?? [], depth + 1, found);
    }
  }
};

const sampleOf = (items: readonly TContractPlaceholder[]): Record<string, string> =>
  Object.fromEntries(items.map((x) => [x.name, x.sample]));

/** Every placeholder filled with its sample value (one item per loop): what an upload is rendered with. */
export const SAMPLE_DATA: TTemplateData = Object.fromEntries(
  CONTRACT_PLACEHOLDERS.flatMap((g): [string, TTemplateValue][] => [
    ...g.placeholders.map((x): [string, TTemplateValue] => [x.name, x.sample]),
    ...(g.loops ?? []).map((l): [string, TTemplateValue] => [l.name, [sampleOf(l.item)]]),
  ]),
);

/** docxtemplater's errors as sentences: "{seafarer_name" has no closing brace... */
const explain = (error: unknown): string[] => {
  const props = (error as { properties?: { errors?: unknown[]; explanation?: unknown } }).properties;
  const list = props?.errors?.length ? props.errors : [error];
  return list.map((e) => {
    const p = (e as { properties?: { explanation?: unknown } }).properties;
    return typeof p?.explanation === "string"
      ? p.explanation
      : e instanceof Error
        ? e.message
        : "The template cannot be read.";
  });
};

/**
 * Tags are counted by their opening braces before docxtemplater parses the file: parsing tens
 * of thousands of tags takes seconds of the event loop, counting them a moment.
 */
const refuseTooManyTags = (zip: PizZip, field: string): void => {
  let braces = 0;
  for (const name of Object.keys(zip.files)) {
    if (!/^word\/[^/]+\.xml$/.test(name)) continue;
    const text = zip.file(name)?.asText() ?? "";
    for (let i = text.indexOf("{"); i >= 0; i = text.indexOf("{", i + 1)) braces += 1;
  }
  if (braces > TEMPLATE_MAX_TAGS)
    throw refuse(
      field,
      `The template has ${braces} placeholders; at most ${TEMPLATE_MAX_TAGS} are accepted.`,
    );
};

const compile = (
  zip: PizZip,
  field: string,
  modules: InspectModule[],
  nullGetter: (part: { value: string }) => string,
): Docxtemplater<PizZip> => {
  refuseTooManyTags(zip, field);
  try {
    return new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      modules,
      nullGetter,
      errorLogging: false,
    });
  } catch (error) {
    const reasons = [...new Set(explain(error))].slice(0, 5);
    throw refuse(field, `The template has broken tags: ${reasons.join("; ")}`);
  }
};

export interface TTemplateReport {
  placeholders: string[];
  /** MLC 2006 A2.1 particulars none of whose placeholders the template uses. */
  missingParticulars: string[];
}

/**
 * Checks a template: it opens (content and size), its tags parse, it has at most
 * TEMPLATE_MAX_TAGS tags and TEMPLATE_MAX_DEPTH nested loops, and rendering it with sample data
 * meets no name outside the placeholder list. A failure is a 422 naming it.
 */
export const checkTemplate = (buffer: Buffer, field: string): TTemplateReport => {
  const inspect = new InspectModule();
  const unknown = new Set<string>();
  // Names of a loop's items used outside it (or the other way) are unknown where they stand.
  const doc = compile(openDocx(buffer, field), field, [inspect], (part) => {
    unknown.add(part.value);
    return "";
  });
  const found = { names: new Set<string>(), count: 0, depth: 0 };
  walk(inspect.getAllStructuredTags(), 0, found);
  if (found.count > TEMPLATE_MAX_TAGS)
    throw refuse(
      field,
      `The template has ${found.count} placeholders; at most ${TEMPLATE_MAX_TAGS} are accepted.`,
    );
  if (found.depth > TEMPLATE_MAX_DEPTH)
    throw refuse(
      field,
      `The template nests loops ${found.depth} deep; at most ${TEMPLATE_MAX_DEPTH} are accepted.`,
    );
  const known = new Set([
    ...CONTRACT_PLACEHOLDER_NAMES,
    ...CONTRACT_PLACEHOLDERS.flatMap((g) => (g.loops ?? []).flatMap((l) => l.item.map((i) => i.name))),
  ]);
  for (const name of found.names) if (!known.has(name)) unknown.add(name);
  if (!unknown.size) {
    try {
      doc.render(SAMPLE_DATA);
    } catch (error) {
      throw refuse(field, `The template cannot be filled: ${explain(error).slice(0, 5).join("; ")}`);
    }
  }
  if (unknown.size)
    throw refuse(
      field,
      `Unknown placeholder${unknown.size > 1 ? "s" : ""} ${[...unknown]
        .slice(0, 10)
        .map((n) => `{${n}}`)
        .join(", ")}: use the names listed under Templates on the owner's page.`,
    );
  const placeholders = [...found.names].sort();
  return {
    placeholders,
    missingParticulars: MLC_PARTICULARS.filter((m) => !m.placeholders.some((n) => found.names.has(n))).map(
      (m) => m.particular,
    ),
  };
};

/** The warning an upload answers with when a contract template lacks MLC particulars. */
export const mlcWarning = (filename: string, missing: readonly string[]): string =>
  `${filename} does not fill what MLC 2006 Standard A2.1 requires a seafarer employment agreement to state: ${missing.join(", ")}.`;

/** Fills a template (checked at upload; checked again here, a stored file may predate a rule). */
export const fillTemplate = (buffer: Buffer, data: TTemplateData): Buffer => {
  const field = "template";
  const bounded: TTemplateData = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, typeof v === "string" ? v : v.slice(0, MAX_LOOP_ITEMS)]),
  );
  const inspect = new InspectModule();
  const doc = compile(openDocx(buffer, field), field, [inspect], () => "");
  const found = { names: new Set<string>(), count: 0, depth: 0 };
  walk(inspect.getAllStructuredTags(), 0, found);
  if (found.count > TEMPLATE_MAX_TAGS || found.depth > TEMPLATE_MAX_DEPTH)
    throw refuse(field, "The owner's template is too large to fill; upload it again to see why.");
  try {
    doc.render(bounded);
  } catch (error) {
    throw refuse(field, `The owner's template cannot be filled: ${explain(error).slice(0, 3).join("; ")}`);
  }
  const out = doc.getZip().generate({ type: "nodebuffer", compression: "DEFLATE" });
  if (out.length > MAX_FILLED) throw refuse(field, "The filled contract would be too large.");
  return out;
};
