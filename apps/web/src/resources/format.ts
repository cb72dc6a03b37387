import { DATE_FORMAT, DATE_TIME_FORMAT, type TAttributeDef } from "@crew/contracts";
import dayjs from "dayjs";

/** Spec 000 section 9: dates read dd.MM.yyyy, moments dd.MM.yyyy HH:mm. */
export const formatDate = (value: unknown): string => {
  if (typeof value !== "string" && !(value instanceof Date)) return "";
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : "";
};

export const formatDateTime = (value: unknown): string => {
  if (typeof value !== "string" && !(value instanceof Date)) return "";
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : "";
};

/** A scalar as text; anything else (objects, null) gives the fallback instead of "[object Object]". */
export const textOf = (value: unknown, fallback = ""): string =>
  typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : fallback;

/** The name of a record: its title attribute, else its id. */
export const recordTitle = (record: { id: string; attributes: Record<string, unknown> }, titleAttribute: string): string =>
  textOf(record.attributes[titleAttribute], `#${record.id}`);

/** Plain text of an attribute value for tables and details; '' when there is nothing to show. */
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
      return Array.isArray(value) ? value.join(", ") : "";
    case "password":
      return "";
    default:
      return typeof value === "object" ? JSON.stringify(value) : textOf(value);
  }
};
