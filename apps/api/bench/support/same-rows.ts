/**
 * A side-by-side harness must time the same work: before bench:cost times a route on the API and
 * on the peer, it fetches both answers once and checks they hold the same records (ids in the
 * same order), the same values of every attribute both serve, and the same included records.
 * Attribute names are compared by their snake_case form (the peer serves Prisma field names).
 */

type TJson = Record<string, unknown>;
interface TResource {
  type: string;
  id: string;
  attributes: TJson;
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const isObject = (value: unknown): value is TJson => typeof value === "object" && value !== null;

const resourcesOf = (value: unknown): TResource[] =>
  (Array.isArray(value) ? value : []).filter(isObject).map((r) => ({
    type: String(r.type),
    id: String(r.id),
    attributes: Object.fromEntries(
      Object.entries(isObject(r.attributes) ? r.attributes : {}).map(([k, v]) => [snake(k), v]),
    ),
  }));

/** Timestamps compare by instant ("…00.000Z" and "…00Z" are the same time). */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (
    typeof a === "string" &&
    typeof b === "string" &&
    /^\d{4}-\d\d-\d\dT/.test(a) &&
    /^\d{4}-\d\d-\d\dT/.test(b)
  )
    return Date.parse(a) === Date.parse(b);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
};

export interface TSameRows {
  ok: boolean;
  /** One line for the bench's output: what was compared and what differed. */
  summary: string;
}

const compareSets = (label: string, ours: TResource[], theirs: TResource[], problems: string[]) => {
  const ourIds = ours.map((r) => r.id);
  const theirIds = theirs.map((r) => r.id);
  if (ourIds.join(",") !== theirIds.join(","))
    problems.push(
      `${label} ids differ: ours [${ourIds.slice(0, 8).join(",")}…] (${ourIds.length}), peer [${theirIds.slice(0, 8).join(",")}…] (${theirIds.length})`,
    );
  const byId = new Map(theirs.map((r) => [r.id, r]));
  const shared = new Set<string>();
  for (const mine of ours) {
    const peer = byId.get(mine.id);
    if (!peer) continue;
    for (const [name, value] of Object.entries(peer.attributes)) {
      if (!(name in mine.attributes)) continue;
      shared.add(name);
      if (!sameValue(mine.attributes[name], value))
        problems.push(
          `${label} ${mine.id}.${name}: ours ${JSON.stringify(mine.attributes[name])}, peer ${JSON.stringify(value)}`,
        );
    }
  }
  return shared;
};

/** Compares two JSON:API documents: primary data, then included records. */
export const sameRows = (ours: unknown, theirs: unknown): TSameRows => {
  const o = isObject(ours) ? ours : {};
  const t = isObject(theirs) ? theirs : {};
  const problems: string[] = [];
  const data = [resourcesOf(o.data), resourcesOf(t.data)] as const;
  const shared = compareSets("data", data[0], data[1], problems);
  const included = [resourcesOf(o.included), resourcesOf(t.included)] as const;
  // Included records are a set: order them by id on both sides.
  const byId = (a: TResource, b: TResource) => Number(a.id) - Number(b.id);
  const sharedIncluded = compareSets(
    "included",
    [...included[0]].sort(byId),
    [...included[1]].sort(byId),
    problems,
  );
  const summary =
    `${data[0].length} records, ${included[0].length} included; ` +
    `${shared.size} attributes compared (${[...shared].sort().join(", ")})` +
    (included[0].length ? `, ${sharedIncluded.size} on included` : "") +
    (problems.length
      ? `; DIFFERENT: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? `; +${problems.length - 3} more` : ""}`
      : "; same");
  return { ok: problems.length === 0, summary };
};
