import type { TExternalField, TExternalSeaService } from "@crew/contracts";
import { parse, type HTMLElement } from "node-html-parser";
import { CrewSiteError, dayOf, type TSiteProfile } from "../crew-sites/crew-site.js";

/**
 * Reading a UkrCrewing CV page. The site is read as a person reads it: by the labels of its
 * rows and the headers of its sea-service table, not by positions, so an added or moved row
 * does not mislead it. A page without the CV table is "unreadable": reported, never guessed at.
 */
const clean = (text: string): string =>
  text
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The CV's row labels (lower case) → our field. */
const LABELS: Readonly<Record<string, TExternalField>> = {
  surname: "surname",
  "first name": "name",
  patronymic: "middle",
  "date of birth": "birthday",
  "e-mail": "email",
  "mobile phone": "mobile_phone",
  "additional phone": "mobile_phone_alternative",
  address: "address",
  "ready from": "readiness_date",
  "desired salary, usd": "wage",
  "height, cm": "height",
  "weight, kg": "weight",
  "shoe size": "shoe_size",
  "overall size": "coverall_size",
};
const DAYS: ReadonlySet<TExternalField> = new Set(["birthday", "readiness_date"]);
const NUMBERS: ReadonlySet<TExternalField> = new Set(["wage", "height", "weight"]);

const valueOf = (field: TExternalField, text: string): string | number | null => {
  if (text === "" || text === "-") return null;
  if (DAYS.has(field)) return dayOf(text);
  if (NUMBERS.has(field)) {
    const n = Number(text.replace(/[^\d]/g, ""));
    return Number.isFinite(n) && text.replace(/[^\d]/g, "") !== "" ? n : null;
  }
  return text;
};

const seaServiceOf = (table: HTMLElement | null): TExternalSeaService[] => {
  if (!table) return [];
  const headers = table.querySelectorAll("thead th").map((th) => clean(th.text).toLowerCase());
  const col = (name: string) => headers.indexOf(name);
  if (col("vessel") < 0)
    throw new CrewSiteError("unreadable", "UkrCrewing's sea-service table has no Vessel column");
  return table.querySelectorAll("tbody tr").flatMap((tr) => {
    const cells = tr.querySelectorAll("td").map((td) => clean(td.text));
    const at = (name: string) => {
      const i = col(name);
      return i >= 0 ? cells[i] || null : null;
    };
    const vessel = at("vessel");
    if (!vessel) return [];
    return [
      {
        vessel,
        rank: at("rank"),
        company: at("company"),
        date_on: dayOf(at("from")),
        date_off: dayOf(at("to")),
      },
    ];
  });
};

/** The profile on a CV page; throws "unreadable" when the page is not a CV page. */
export const readUkrCrewingCv = (html: string): TSiteProfile => {
  const root = parse(html);
  const table = root.querySelector("table.cv-fields");
  if (!table)
    throw new CrewSiteError(
      "unreadable",
      "Could not read UkrCrewing's CV page (the site's layout may have changed); nothing was changed",
    );
  const fields: TSiteProfile["fields"] = {};
  for (const tr of table.querySelectorAll("tr")) {
    const label = clean(tr.querySelector("th")?.text ?? "")
      .toLowerCase()
      .replace(/:$/, "");
    const field = LABELS[label];
    const cell = tr.querySelector("td");
    if (field && cell) fields[field] = valueOf(field, clean(cell.text));
  }
  if (typeof fields.surname !== "string")
    throw new CrewSiteError(
      "unreadable",
      "Could not read UkrCrewing's CV page (no surname row); nothing was changed",
    );
  return { fields, seaService: seaServiceOf(root.querySelector("table.cv-sea-service")) };
};
