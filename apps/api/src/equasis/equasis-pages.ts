import { parse, type HTMLElement } from "node-html-parser";
import type { TRegistryHit, TRegistryShip } from "./registry-ship.js";

/**
 * Reading Equasis's pages. The site has no API, so the client reads what a person reads:
 * labels and table headers, not positions, so a moved column or an added row does not
 * mislead it. Anything that is not recognisably the page it expects is "unexpected" and
 * reported as such, never guessed at.
 */
const clean = (text: string): string =>
  text
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export type TLoginOutcome = "signed-in" | "refused" | "unexpected";

/** After posting the login form: the logout link means a session; the login form again means refused. */
export const loginOutcome = (html: string): TLoginOutcome => {
  const root = parse(html);
  if (
    root
      .querySelectorAll("a")
      .some((a) => /logout/i.test(a.getAttribute("href") ?? "") || /^log ?out$/i.test(clean(a.text)))
  )
    return "signed-in";
  if (root.querySelector('input[name="j_password"]')) return "refused";
  return "unexpected";
};

/** The alert the site shows on the login form, if any ("Your login or password is incorrect"). */
export const loginMessage = (html: string): string | null => {
  const alert = parse(html).querySelector(".alert");
  return alert ? clean(alert.text) || null : null;
};

/** A restricted page that sent us back to the public login form: the session ended. */
export const isLoginPage = (html: string): boolean => loginOutcome(html) === "refused";

/** Rows of a table as header → cell text maps (headers from its thead, or its first row). */
const tableRows = (table: HTMLElement): Record<string, string>[] => {
  const headerCells = table.querySelectorAll("thead th");
  const headers = (
    headerCells.length ? headerCells : (table.querySelector("tr")?.querySelectorAll("th, td") ?? [])
  ).map((c) => clean(c.text).toLowerCase());
  const body = table.querySelector("tbody") ?? table;
  return body
    .querySelectorAll("tr")
    .map((tr) => tr.querySelectorAll("td"))
    .filter((cells) => cells.length > 0)
    .map((cells) => Object.fromEntries(headers.map((h, i) => [h, clean(cells[i]?.text ?? "")])));
};

/** The search result: ships with their IMO and name; [] when the site says nothing was found. */
export const searchHits = (html: string): TRegistryHit[] | "unexpected" => {
  const root = parse(html);
  const table = root
    .querySelectorAll("table")
    .find((t) => t.querySelectorAll("th").some((th) => /imo number/i.test(th.text)));
  if (!table) return /no result has been found/i.test(root.text) ? [] : "unexpected";
  return tableRows(table)
    .map((row) => ({ imo: row["imo number"] ?? "", name: row["name of ship"] ?? "" }))
    .filter((hit) => /^\d{7}$/.test(hit.imo));
};

/** "39 280 (since 2004)" → 39280; null when there is no number. */
const numberOf = (text: string | undefined): number | null => {
  const match = /^[\d\s.,]+/.exec((text ?? "").trim());
  if (!match) return null;
  const n = Number(match[0].replace(/[\s.,]/g, ""));
  return Number.isFinite(n) && match[0].trim() !== "" ? n : null;
};

/** "Bulk Carrier (since 2004)" → "Bulk Carrier". */
const sinceless = (text: string | undefined): string | null => {
  const value = clean((text ?? "").replace(/\(since [^)]*\)/i, ""));
  return value === "" || value === "-" ? null : value;
};

/** Label → value of the particulars: rows whose first cell is a bold label. */
const particulars = (root: HTMLElement): Map<string, string> => {
  const out = new Map<string, string>();
  for (const label of root.querySelectorAll("b, strong")) {
    const cell = label.parentNode;
    const value = cell?.nextElementSibling;
    if (!cell || !value || clean(cell.text) !== clean(label.text)) continue;
    const key = clean(label.text).toLowerCase().replace(/:$/, "");
    if (!out.has(key)) out.set(key, clean(value.text));
  }
  return out;
};

/** The ship page: its particulars and companies; "unexpected" when it is not a ship page. */
export const shipInfo = (html: string): TRegistryShip | "unexpected" => {
  const root = parse(html);
  const facts = particulars(root);
  const imo = facts.get("imo number") ?? "";
  const name = facts.get("name of ship") ?? "";
  if (!/^\d{7}$/.test(imo) || !name) return "unexpected";
  const management = root
    .querySelectorAll("table")
    .find((t) => t.querySelectorAll("th").some((th) => /name of company/i.test(th.text)));
  const companies = management ? tableRows(management) : [];
  const company = (role: RegExp): string | null =>
    companies.find((c) => role.test(c.role ?? ""))?.["name of company"] || null;
  const year = numberOf(facts.get("year of build"));
  return {
    imo,
    name,
    callSign: sinceless(facts.get("call sign")),
    mmsi: sinceless(facts.get("mmsi")),
    flag: sinceless(facts.get("flag"))?.replace(/^\((.*)\)$/, "$1") ?? null,
    type: sinceless(facts.get("type of ship")),
    yearBuilt: year !== null && year >= 1800 && year <= 2200 ? year : null,
    deadweight: numberOf(facts.get("dwt")),
    grossTonnage: numberOf(facts.get("gross tonnage")),
    status: sinceless(facts.get("status")),
    registeredOwner: company(/registered owner/i),
    shipManager: company(/ship manager/i) ?? company(/ism manager/i),
  };
};
