import { vacancySourceOptions } from "@crew/contracts";
import { formatDate, textOf } from "../../resources/fields/field-text";
import type { TPayload } from "../../resources/form/form-model";
import { formatMoney } from "../../lib/numbers";

/** What the review needs of the vacancy as stored (its attributes) and of the scheduler's plan it came from. */
export interface TVacancyBefore {
  id?: string;
  attributes: Record<string, unknown>;
  /** The plan as the scheduler holds it; null when the vacancy has none, undefined while it is not known. */
  plan?: {
    status: string;
    start: string | null;
    offer: number | null;
    description: string | null;
    toPublish: boolean;
  } | null;
  /** The vacancy names a plan (its relationship), read or not. */
  hasPlan: boolean;
}

const LABELS: Record<string, string> = {
  start: "Joining date",
  contract_duration: "Contract, months",
  wage: "Wage",
  description: "Description",
  requirements: "Requirements",
  published: "Published",
  sources: "Published to",
  valid_through: "Valid through",
};
const RELATIONSHIP_LABELS: Record<string, string> = { rank: "Rank", vessel: "Vessel" };

const sourceLabel = (s: string): string => vacancySourceOptions.find((o) => o.value === s)?.label ?? s;
const sourcesOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const usd = (value: unknown): string => formatMoney(value, "USD") || "none";
const textOrNone = (value: unknown): string =>
  typeof value === "string" && value.trim()
    ? `“${value.trim().length > 60 ? `${value.trim().slice(0, 57)}…` : value.trim()}”`
    : "none";

const shown = (name: string, value: unknown): string => {
  if (name === "wage") return usd(value);
  if (name === "start" || name === "valid_through") return formatDate(value) || "none";
  if (name === "published") return value ? "yes" : "no";
  if (name === "sources") return sourcesOf(value).map(sourceLabel).join(", ") || "none";
  if (name === "description" || name === "requirements") return textOrNone(value);
  return textOf(value) || "none";
};

const same = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || ((a ?? "") === "" && (b ?? "") === "");

/**
 * The vacancy as the save will leave it: the typed fields over the stored ones, then what the
 * server adds by the vacancies binding's rules (toData): publishing with no source puts it on
 * the site; unpublishing clears every source.
 */
export const vacancyAfter = (before: Record<string, unknown>, payload: TPayload): Record<string, unknown> => {
  const after = { ...before, ...payload.attributes };
  if (after.published === true && !before.published && sourcesOf(after.sources).length === 0)
    after.sources = ["site"];
  if (payload.attributes.published === false) after.sources = [];
  return after;
};

const onChannel = (v: Record<string, unknown>): boolean =>
  v.published === true && sourcesOf(v.sources).includes("telegram");
const onSite = (v: Record<string, unknown>): boolean =>
  v.published === true && sourcesOf(v.sources).includes("site");

/**
 * What a save of the vacancy form will change, one line each, in the users' words: its own
 * fields (old -> new) and what moves with them elsewhere, by the vacancies binding's afterWrite
 * (docs/vacancies.md): the scheduler's plan it came from (offer, description, published), the
 * Telegram channel post, the public page. A new vacancy names only what moves elsewhere.
 */
export const vacancyChanges = (
  mode: "create" | "update",
  before: TVacancyBefore,
  payload: TPayload,
  relationshipNames: Record<string, string> = {},
  /** The name of the record a relationship now points at, where the form knows it. */
  pickedName: (relationship: string, id: string) => string | undefined = () => undefined,
): string[] => {
  const b = mode === "update" ? before.attributes : {};
  const after = vacancyAfter(b, payload);
  const lines: string[] = [];

  if (mode === "update") {
    for (const [name, value] of Object.entries(after)) {
      if (!(name in LABELS) || same(b[name], value)) continue;
      lines.push(`${LABELS[name]}: ${shown(name, b[name])} → ${shown(name, value)}`);
    }
    for (const [name, linkage] of Object.entries(payload.relationships)) {
      const label = RELATIONSHIP_LABELS[name] ?? name;
      const was = relationshipNames[name];
      const id = linkage && !Array.isArray(linkage) ? linkage.id : undefined;
      const now = id ? pickedName(name, id) : undefined;
      lines.push(
        was ? `${label}: ${was} → ${now ?? "another one"}` : now ? `${label}: ${now}` : `${label}: changed`,
      );
    }
  }

  // The scheduler's plan follows the vacancy's wage, description and published (pushToPlan).
  if (mode === "update" && before.hasPlan && before.plan !== null) {
    const plan = before.plan;
    if (!plan || plan.status === "vacancy") {
      const was = {
        offer: plan ? plan.offer : b.wage,
        description: plan ? plan.description : b.description,
        toPublish: plan ? plan.toPublish : b.published === true,
      };
      const moves: string[] = [];
      if (!same(was.offer, after.wage)) moves.push(`offer ${usd(was.offer)} → ${usd(after.wage)}`);
      if (!same(was.description, after.description))
        moves.push(`description ${textOrNone(was.description)} → ${textOrNone(after.description)}`);
      if (was.toPublish !== (after.published === true))
        moves.push(
          after.published === true
            ? "published again (the globe and the offer show on the scheduler)"
            : "no longer published (the globe and the offer go from the scheduler)",
        );
      if (moves.length) {
        const where = [after.vessel_name, after.rank_title].filter(Boolean).join(", ");
        const from = formatDate(plan?.start ?? b.start);
        lines.push(`The scheduler's plan on ${where}${from ? `, from ${from}` : ""}: ${moves.join("; ")}`);
      }
    }
  }

  // The Telegram channel (publishToChannel in the save; the sweep job after it).
  const wasOnChannel = mode === "update" && onChannel(b);
  if (onChannel(after) && !wasOnChannel) lines.push("Will be posted to the Telegram channel");
  if (wasOnChannel && !onChannel(after)) lines.push("Will be taken off the Telegram channel");

  // The public page (/jobs/{id}).
  const wasOnSite = mode === "update" && onSite(b);
  const page = before.id ? `/jobs/${before.id}` : "The public page";
  if (onSite(after) && !wasOnSite) lines.push("Will be listed on the public vacancies page (/jobs)");
  if (wasOnSite && !onSite(after)) lines.push(`Public page ${page} will answer 410 (no longer listed)`);
  return lines;
};
