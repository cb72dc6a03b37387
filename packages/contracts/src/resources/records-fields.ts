import { z } from "zod";
import type { TAttributeDef } from "../resource.js";
import { ZDateIn, ZRecordId, ZShortText } from "./applicant-fields.js";

/**
 * Value rules shared by the applicant records (sea service, documents, interviews, relatives,
 * recommendations, English tests, attachments). The spec leaves the bounds open; these are what
 * a recruiter expects (docs/records.md).
 */

/** A date of a seafarer's career: from 1950, up to 2100 (certificates expire in the future). */
export const ZCareerDate = ZDateIn(1950, 2100);

/** A short free text that may be cleared ("" reads as null). */
export const ZText = (max: number) => ZShortText(max);

/** A required short text. */
export const ZRequiredText = (max: number) =>
  z.string().trim().min(1, "can't be blank").max(max, `is too long (maximum is ${max} characters)`);

/** An optional short text attribute (typed by its input, so record types know it is a string or null). */
export const textAttr = (label: string, max: number, opts: { list?: boolean; sortable?: boolean } = {}) =>
  ({
    label,
    kind: "text",
    input: ZText(max),
    list: opts.list ?? false,
    sortable: opts.sortable ?? false,
  }) as const satisfies TAttributeDef;

export { ZRecordId };
