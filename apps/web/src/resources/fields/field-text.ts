import type { TAttributeDef } from "@crew/contracts";
import { formatDate as dateText, formatDateTime as dateTimeText } from "@crew/contracts";
import { formatNumber } from "../../lib/numbers";

/** Spec 000 section 9: dates read dd.MM.yyyy, moments dd.MM.yyyy HH:mm; anything else is blank. */
export const formatDate = (value: unknown): string =>
  typeof value === "string" || value instanceof Date ? dateText(value) : "";
export const formatDateTime = (value: unknown): string =>
  typeof value === "string" || value instanceof Date ? dateTimeText(value) : "";

/** A scalar as text; anything else (objects, null) gives the fallback instead of "[object Object]". */
export const textOf = (value: unknown, fallback = ""): string =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : fallback;

/** A money field's amount, two decimals (the field's label names the currency): lib/numbers. */
export const formatMoney = (value: unknown): string => formatNumber(value, 2) || textOf(value);

/** A stored file's name (one file), or several names. */
const fileNames = (value: unknown): string => {
  const names = (Array.isArray(value) ? value : [value]).flatMap((f: unknown) =>
    typeof f === "object" && f !== null && "filename" in f && typeof f.filename === "string"
      ? [f.filename]
      : [],
  );
  return names.join(", ");
};

/** Rich text (a small Markdown subset) without its marks, for cells and history lines. */
export const plainOfRichText = (value: unknown): string =>
  textOf(value)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, "$2")
    .replace(/^\s*[-*]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();

/** Plain text of an attribute value for titles, cards and history; '' when there is nothing to show. */
export const formatValue = (attr: TAttributeDef, value: unknown): string => {
  if (value === null || value === undefined) return "";
  switch (attr.kind) {
    case "date":
      return formatDate(value);
    case "datetime":
      return formatDateTime(value);
    case "boolean":
      return value ? "Yes" : "No";
    case "select":
      return attr.options?.find((o) => o.value === value)?.label ?? textOf(value);
    case "tags":
      return Array.isArray(value)
        ? value
            .filter((t): t is string => typeof t === "string")
            .map((t) => attr.options?.find((o) => o.value === t)?.label ?? t)
            .join(", ")
        : "";
    case "password":
      return "";
    case "number":
      return formatNumber(value) || textOf(value);
    case "money":
      return formatMoney(value);
    case "richtext":
      return plainOfRichText(value);
    case "file":
    case "files":
      return fileNames(value);
    case "image":
      return typeof value === "string" ? value : fileNames(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : textOf(value);
  }
};

/** Nothing to show: null, '', an empty list. */
export const isBlankValue = (value: unknown): boolean =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
