import type { TDb, TTx } from "../../db/client.js";
import { excerpt, plainText } from "../../resources/comments/comment-body.js";
import { notifyComment } from "../../resources/comments/comment-notices.js";
import { commentsRepository } from "../../resources/comments/comments-repository.js";
import { seededRandom } from "./seeded-random.js";

/**
 * Demo interactions (issue 16): a few hundred contacts with the demo applicants over the past
 * six months, by the office's staff: calls, messages, interviews, offers, notes, each with its
 * event and result, some mentioning a colleague (who gets the notification), so the comments
 * pages, the Activity tab and the list's last-contact column are alive. The plans the planning
 * demo gave a label comment get it as a real comment, and a few more plans get one.
 */
const DAY = 86_400_000;

type TTemplate = readonly [category: string, result: string | null, body: string];
const TEMPLATES: readonly (readonly [TTemplate, number])[] = [
  [["call", "Answered", "Spoke with him: ready from {month}, expects {wage} USD. Documents valid."], 8],
  [["call", "Answered", "Confirmed he finished the contract on {vessel}; resting until {month}."], 5],
  [["call", "No answer", "No answer, will try again tomorrow."], 6],
  [["call", "Busy", "Line busy twice."], 2],
  [["call", "Call back", "Asked to call back after 18:00, he is at the training centre."], 3],
  [["call", "Wrong number", "Number belongs to someone else, need a new contact."], 1],
  [["message", "Sent", "Sent the vacancy on Telegram: {rank} on {vessel}, {wage} USD."], 5],
  [["message", "Replied", "Replied: interested, asks about the contract length and the joining port."], 4],
  [["message", "No reply", "No reply for three days."], 2],
  [["inbound", "Question", "He asked about the status of his application."], 3],
  [["inbound", "Documents sent", "Sent scans of the renewed COC and the medical certificate."], 3],
  [["inbound", "Ready to join", "Wrote that he is ready to join from {month}."], 3],
  [["interview", "Passed", "<p>Interview passed: <b>good English</b>, tanker experience confirmed.</p>"], 3],
  [["interview", "Failed", "Interview: weak on ECDIS, not recommended for now."], 1],
  [["interview", "No show", "Did not come to the interview."], 1],
  [["offer", "Accepted", "<p>Offer <b>accepted</b>: {vessel}, {wage} USD.</p>"], 2],
  [["offer", "Declined", "Declined the offer, wants a shorter contract."], 1],
  [["offer", "Thinking", "Thinking about the offer, will answer by Friday."], 2],
  [["note", null, "Prefers container vessels; brother is a 2nd engineer with us."], 2],
];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const PLAN_COMMENTS = [
  "Owner asked for his CV again",
  "Visa appointment on the 14th",
  "Flight via Istanbul booked",
  "Waiting for the owner's approval",
  "Medical expires before sign-off: renew first",
];
const MENTION_ASKS = [
  "please check his documents",
  "can you call him tomorrow?",
  "FYI: good candidate for the next rotation",
];

const mention = (id: number, name: string) =>
  `<span data-type="mention" data-id="${id}" data-label="${name}">@${name}</span>`;

export const seedComments = async (db: TDb): Promise<void> => {
  if ((await db.comment.count()) > 0) return;
  const r = seededRandom(20_261_127);
  const staff = await db.client.findMany({
    where: { role: { in: ["admin", "manager", "superuser", "guest", "freelance"] } },
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  const [applicants, vessels, sources] = await Promise.all([
    db.user.findMany({
      where: { archived: false },
      select: { id: true, wage: true },
      orderBy: { id: "asc" },
    }),
    db.vessel.findMany({ select: { name: true }, take: 30 }),
    db.commentSource.findMany({ select: { id: true, title: true } }),
  ]);
  if (!staff.length || !applicants.length) return;
  const ranks = ["Master", "Chief Officer", "2nd Engineer", "AB", "Oiler", "Cook"];
  const now = Date.now();

  // Drawn first, written at once below: row by row with the audit trail on, the demo's few
  // hundred comments took a first start half a minute (issue 20.7).
  type TDrawn = {
    comment: {
      body: string;
      authorId: number;
      addressableType: string;
      addressableId: number;
      userId: number;
      category: string;
      createdAt: Date;
      updatedAt: Date;
    };
    event: { eventType: string; eventResult: string | null; commentSourceId: number | null; createdAt: Date };
    colleague?: number;
  };
  // About 420 contacts spread over the demo applicants: those contacted get one to four.
  const contacted = Math.min(1, 210 / applicants.length);
  const touched = new Set<number>();
  const drawn: TDrawn[] = [];
  for (const applicant of applicants) {
    const n = r.chance(contacted)
      ? r.weighted([
          [1, 3],
          [2, 3],
          [3, 2],
          [4, 1],
        ] as const)
      : 0;
    let at = now - r.int(1, 180) * DAY;
    for (let i = 0; i < n; i++) {
      at = Math.min(now - 3600_000, at + r.int(1, 20) * DAY + r.int(0, 8) * 3600_000);
      const [category, result, template] = r.weighted(TEMPLATES);
      const author = r.pick(staff);
      let body = template
        .replace("{month}", r.pick(MONTHS))
        .replace("{wage}", String(applicant.wage ?? r.pick([1500, 2400, 4200, 7500])))
        .replace("{vessel}", r.pick(vessels)?.name ?? "MV Aurora")
        .replace("{rank}", r.pick(ranks));
      const colleague = r.chance(0.12) ? r.pick(staff.filter((s) => s.id !== author.id)) : undefined;
      if (colleague)
        body = `<p>${body}</p><p>${mention(colleague.id, colleague.name)} ${r.pick(MENTION_ASKS)}</p>`;
      const source =
        category === "call"
          ? "Phone"
          : category === "message" || category === "inbound"
            ? r.pick(["Telegram", "WhatsApp", "Viber", "Email"])
            : null;
      const createdAt = new Date(at);
      drawn.push({
        comment: {
          body,
          authorId: author.id,
          addressableType: "users",
          addressableId: applicant.id,
          userId: applicant.id,
          category,
          createdAt,
          updatedAt: createdAt,
        },
        event: {
          eventType: category,
          eventResult: result,
          commentSourceId: sources.find((s) => s.title === source)?.id ?? null,
          createdAt,
        },
        colleague: colleague?.id,
      });
      touched.add(applicant.id);
    }
  }

  // Plan comments: the labels the planning demo wrote become comments, and a few more plans get one.
  const labelled = await db.timePlan.findMany({
    where: {
      OR: [{ lastCommentBody: { not: null } }, { userId: { not: null }, start: { gte: new Date(now) } }],
    },
    select: { id: true, lastCommentBody: true, start: true },
    orderBy: { id: "asc" },
  });
  const planComments = labelled.flatMap((plan) => {
    const text = plan.lastCommentBody ?? (r.chance(0.12) ? r.pick(PLAN_COMMENTS) : null);
    if (!text) return [];
    const createdAt = new Date(Math.min(now - 3600_000, plan.start.getTime() - r.int(5, 40) * DAY));
    return [
      {
        body: text,
        authorId: r.pick(staff).id,
        addressableType: "time_plans",
        addressableId: plan.id,
        timePlanId: plan.id,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });

  // Short transactions (docs/performance.md "First start": the server answers while the demo
  // fills); demo data is nobody's work: no audit trail (docs/versions.md).
  const audited = <T>(fn: (tx: TTx) => Promise<T>): Promise<T> =>
    db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true)`;
        return fn(tx);
      },
      { maxWait: 60_000, timeout: 120_000 },
    );
  await audited(async (tx) => {
    const repo = commentsRepository(tx);
    const saved = await tx.comment.createManyAndReturn({
      data: drawn.map((d) => d.comment),
      select: { id: true },
    });
    await tx.commentEvent.createMany({
      data: drawn.flatMap((d, i) => {
        const id = saved[i]?.id;
        return id === undefined ? [] : [{ ...d.event, commentId: id }];
      }),
    });
    const mentioned = drawn.flatMap((d, i) => {
      const id = saved[i]?.id;
      return id === undefined || d.colleague === undefined ? [] : [{ d, id, colleague: d.colleague }];
    });
    await tx.commentMention.createMany({
      data: mentioned.map((m) => ({ commentId: m.id, clientId: m.colleague })),
    });
    // The colleague mentioned gets the notification the app would have sent.
    for (const m of mentioned)
      await notifyComment(repo, { ...m.d.comment, addressableType: "users", id: m.id }, [m.colleague], {
        mentionsOnly: true,
      });
    // The contact flags follow from the interactions alone (docs/interactions.md "Derived").
    await tx.user.updateMany({
      where: { id: { notIn: [...touched] } },
      data: { lastContact: null, needReaction: false, noCallAnswer: false },
    });
  });
  const users = [...touched];
  for (let i = 0; i < users.length; i += 50)
    await audited(async (tx) => {
      const repo = commentsRepository(tx);
      for (const userId of users.slice(i, i + 50)) await repo.updateApplicant(userId, {});
    });

  await audited((tx) => tx.comment.createMany({ data: planComments }));
  for (let i = 0; i < planComments.length; i += 50)
    await audited(async (tx) => {
      const repo = commentsRepository(tx);
      for (const c of planComments.slice(i, i + 50))
        await repo.refreshPlanComment(c.addressableId, (b) => excerpt(plainText(b), 200));
    });
};
