import { formatDay, type TActivityChange, type TActivityItem } from "@crew/contracts";
import { formatMoney, formatNumber } from "../../lib/numbers";

/** A value of a change as a reader reads it: days as dd.mm.yyyy, yes/no, a dash for nothing. */
export const changeValue = (change: TActivityChange, value: TActivityChange["from"]): string => {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number")
    return change.column === "wage" ? formatMoney(value, "USD") : formatNumber(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
};

/** `Readiness: 10.01.2027 → 01.02.2027`. */
export const changeText = (change: TActivityChange, created = false): string =>
  created
    ? `${change.label}: ${changeValue(change, change.to)}`
    : `${change.label}: ${changeValue(change, change.from)} → ${changeValue(change, change.to)}`;

const planText = (i: Extract<TActivityItem, { kind: "plan" }>): string =>
  [i.vessel ?? "a vessel", i.rank ? `as ${i.rank}` : ""].filter(Boolean).join(" ");

/** The line that says what happened (the details below it list the changes). */
export const activityTitle = (item: TActivityItem): string => {
  switch (item.kind) {
    case "comment":
      return item.event?.type ? [item.event.type, item.event.result].filter(Boolean).join(": ") : "Comment";
    case "change":
      if (item.event === "create") return "Added to the database";
      return item.changes.length === 1 && item.changes[0]
        ? `${item.changes[0].label} changed`
        : "Record changed";
    case "document": {
      const name = [item.title, item.number].filter(Boolean).join(" ");
      if (item.action === "added") return `Document added: ${name}`;
      if (item.action === "expired") return `${name} expired`;
      return `${name} expires on ${formatDay(item.valid_until)}`;
    }
    case "plan":
      return item.action === "planned" ? `Planned on ${planText(item)}` : `Plan on ${planText(item)} changed`;
  }
};

/** Lines under the title: the changes, a plan's dates, a document's validity. */
export const activityDetails = (item: TActivityItem): string[] => {
  switch (item.kind) {
    case "comment":
      return item.event?.source ? [`Source: ${item.event.source}`] : [];
    case "change":
      return item.changes.map((c) => changeText(c, item.event === "create"));
    case "document":
      if (item.action === "added")
        return item.valid_until ? [`Valid until ${formatDay(item.valid_until)}`] : [];
      return item.renewed ? ["A newer document of this kind has been added since"] : [];
    case "plan":
      return item.action === "planned"
        ? [`${formatDay(item.start)} – ${formatDay(item.end)}, ${item.status.replace(/_/g, " ")}`]
        : item.changes.map((c) => changeText(c));
  }
};
