import { Prisma } from "../../generated/prisma/client.js";
import { bulk } from "./bulk.js";
import type { TScalePart } from "./part.js";

/**
 * Interactions at scale (docs/interactions.md "Seeds"): 0 to 2 × `--comments-per-applicant`
 * comments per applicant (about 10 on average: ~2 M at 200,000 applicants) over the past year,
 * most with their contact event, then the applicants' derived contact flags, set-based per range
 * of applicants with the audit trail off, every value a hash of the ids (reproducible).
 */
const CHUNK = 10_000;
const h = (expr: string, salt: string) => Prisma.raw(`abs(hashtext((${expr})::text || ':${salt}'))`);

const CATEGORIES = ["call", "call", "call", "message", "message", "inbound", "interview", "offer", "note"];
const BODIES = [
  "Spoke with him: ready from next month, documents valid.",
  "No answer, will try again tomorrow.",
  "Sent the vacancy on Telegram, waiting for a reply.",
  "He asked about the status of his application.",
  "Interview passed, good English.",
  "Thinking about the offer, will answer by Friday.",
  "Prefers container vessels.",
  "Asked to call back after 18:00.",
];

export const commentsScalePart: TScalePart = {
  name: "comments",
  flags: {
    "comments-per-applicant": {
      default: 10,
      help: "average comments (interactions) per applicant (0 for none)",
    },
  },
  async run({ db, flags, log }) {
    const average = flags["comments-per-applicant"] ?? 10;
    if (average <= 0) return log("comments: none asked for");
    if (!(await db.user.count())) return log("no applicants: no comments");
    if ((await db.comment.count()) > 0) return log("comments exist already: none added");
    const types = await db.commentType.findMany({ include: { results: { orderBy: { position: "asc" } } } });
    const categories = CATEGORIES.filter((c) => types.some((t) => t.code === c));
    // Each category's results as one text per category, '|'-joined, picked by hash in SQL.
    const codes = [...new Set(categories)];
    const results = codes.map(
      (c) =>
        types
          .find((t) => t.code === c)
          ?.results.map((r) => r.title)
          .join("|") ?? "",
    );
    const authors = (await db.client.findMany({ select: { id: true }, take: 50 })).map((c) => c.id);
    const authorList = authors.length ? authors : [null];
    const [range] = await db.$queryRaw<
      { lo: number; hi: number }[]
    >`SELECT min(id)::int AS lo, max(id)::int AS hi FROM users`;
    const lo = range?.lo ?? 0;
    const hi = range?.hi ?? -1;
    let written = 0;
    for (let from = lo; from <= hi; from += CHUNK) {
      const to = from + CHUNK - 1;
      written += await bulk(db, async (tx) => {
        const n = await tx.$executeRaw`
          INSERT INTO comments (body, author_id, addressable_type, addressable_id, user_id, category, created_at, updated_at)
          SELECT (${BODIES}::text[])[1 + ${h("u.id || ':' || k", "body")} % ${BODIES.length}],
                 (${authorList}::int[])[1 + ${h("u.id || ':' || k", "author")} % ${authorList.length}],
                 'users', u.id, u.id,
                 (${categories}::text[])[1 + ${h("u.id || ':' || k", "cat")} % ${categories.length}],
                 x.at, x.at
            FROM users u
            CROSS JOIN LATERAL generate_series(1, (${h("u.id", "n")} % ${2 * average + 1})::int) AS k
            CROSS JOIN LATERAL (SELECT now() - make_interval(days => (${h("u.id || ':' || k", "day")} % 365)::int,
                                                             mins => (${h("u.id || ':' || k", "min")} % 1440)::int) AS at) AS x
           WHERE u.id BETWEEN ${from} AND ${to}`;
        await tx.$executeRaw`
          INSERT INTO comment_events (comment_id, event_type, event_result, created_at, updated_at)
          SELECT c.id, c.category,
                 NULLIF(split_part(r.list, '|', 1 + (${h("c.id", "res")} % (array_length(string_to_array(r.list, '|'), 1)))::int), ''),
                 c.created_at, c.created_at
            FROM comments c
            JOIN unnest(${codes}::text[], ${results}::text[]) AS r(code, list) ON r.code = c.category
           WHERE c.user_id BETWEEN ${from} AND ${to} AND c.category <> 'note' AND r.list <> ''`;
        // The derived flags (the rules of commentsRepository.updateApplicant, set-based); none without a contact.
        await tx.$executeRaw`
          UPDATE users u SET last_contact = NULL, need_reaction = false, no_call_answer = false
           WHERE u.id BETWEEN ${from} AND ${to}`;
        await tx.$executeRaw`
          UPDATE users u SET last_contact = x.created_at,
                             need_reaction = x.direction = 'inbound' OR x.effect = 'needs_reaction',
                             no_call_answer = COALESCE(y.effect = 'no_answer', false)
            FROM (SELECT DISTINCT ON (c.user_id) c.user_id, c.created_at, t.direction, r.effect
                    FROM comments c
                    JOIN comment_events e ON e.comment_id = c.id
                    JOIN comment_types t ON t.code = c.category
                    LEFT JOIN comment_event_results r ON r.comment_type_id = t.id AND r.title = e.event_result
                   WHERE c.user_id BETWEEN ${from} AND ${to} AND t.direction <> 'note'
                   ORDER BY c.user_id, c.created_at DESC, c.id DESC) AS x
            LEFT JOIN (SELECT DISTINCT ON (c.user_id) c.user_id, r.effect
                         FROM comments c
                         JOIN comment_events e ON e.comment_id = c.id AND e.event_type = 'call'
                         JOIN comment_types t ON t.code = 'call'
                         LEFT JOIN comment_event_results r ON r.comment_type_id = t.id AND r.title = e.event_result
                        WHERE c.user_id BETWEEN ${from} AND ${to}
                        ORDER BY c.user_id, c.created_at DESC, c.id DESC) AS y ON y.user_id = x.user_id
           WHERE u.id = x.user_id`;
        return n;
      });
      log(`comments: ${written} written (applicants up to ${to})`);
    }
    await db.$executeRawUnsafe("VACUUM ANALYZE comments");
    await db.$executeRawUnsafe("VACUUM ANALYZE comment_events");
    log(`comments: ${written} with their events; applicants' contact flags derived`);
  },
};
