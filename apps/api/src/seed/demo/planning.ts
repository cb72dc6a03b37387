import type { TDb } from "../../db/client.js";

/**
 * The demo plan (spec 002 §2-§4, DOMAIN.md "Seafarer placement"): about a year of timeplans on
 * every active manning-scale row of the demo fleet, so `/` is a living plan on first start.
 *
 * Each vessel changes crews on rotation dates about every six weeks, at a port; a row's
 * contracts run from one rotation date to a later one (officers 4-6 months, ratings 6-9), the
 * relief signing on the day the relieved signs off. By the date: past contracts are completed,
 * the current one is on board, the next is approved, later ones pending approval or to propose,
 * and some future slots are open vacancies (several published with an offer) or a seafarer gone
 * to another agency. Seafarers are the demo applicants of the row's rank where there are enough,
 * never booked twice. A few crew changes (the last one of some vessels, completed, and the next,
 * planned) carry their crew lists.
 */
const DAY = 86_400_000;
const today = (): Date => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY);

/** A small seeded generator: the same demo on every fresh install. */
const random = (seed: number) => {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
    return ((s ^ (s >>> 16)) >>> 0) / 4294967296;
  };
};

const OFFICERS = /master|chief|officer|engineer|eto|2nd|3rd|4th/i;
const COMMENTS = [
  "visa ok",
  "medical on 12th",
  "tickets booked",
  "waiting for owner's approval",
  "needs flag endorsement",
  "prefers Rotterdam",
];

interface TPlanDraft {
  manningScaleId: number;
  userId: number | null;
  start: Date;
  end: Date;
  status: string;
  toPublish: boolean;
  offer: number | null;
  vacancyDescription: string | null;
  repairTeam: boolean;
  portId: number | null;
  lastCommentBody: string | null;
}

export const seedPlanning = async (db: TDb): Promise<void> => {
  if ((await db.timePlan.count()) > 0) return;
  const rand = random(20_261_122);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(rand() * list.length)];
  const now = today();
  const from = addDays(now, -330);
  const until = addDays(now, 300);

  const vessels = await db.vessel.findMany({
    where: { isActive: true },
    select: {
      id: true,
      manningScales: {
        where: { state: "active" },
        select: { id: true, rankId: true, templateOffer: true, rank: { select: { title: true } } },
        orderBy: { crewingPriority: "asc" },
      },
    },
    orderBy: { name: "asc" },
  });
  const ports = await db.port.findMany({ select: { id: true } });
  const applicants = await db.user.findMany({
    where: { archived: false },
    select: { id: true, roleId: true },
    orderBy: { id: "asc" },
  });
  const byRank = new Map<number, number[]>();
  for (const a of applicants)
    if (a.roleId !== null) byRank.set(a.roleId, [...(byRank.get(a.roleId) ?? []), a.id]);
  const anyone = applicants.map((a) => a.id);
  const busy = new Map<number, { start: Date; end: Date }[]>();
  const free = (userId: number, start: Date, end: Date) =>
    !(busy.get(userId) ?? []).some((b) => b.start < end && b.end > start);
  /** A seafarer of the rank free for the dates (after a rest of 30 days), else of any rank, else nobody. */
  const seafarerFor = (rankId: number, start: Date, end: Date): number | null => {
    const restEnd = addDays(end, 30);
    const restStart = addDays(start, -30);
    for (const pool of [byRank.get(rankId) ?? [], anyone]) {
      for (let tries = 0; tries < 12 && pool.length; tries++) {
        const id = pool[Math.floor(rand() * pool.length)];
        if (id !== undefined && free(id, restStart, restEnd)) {
          busy.set(id, [...(busy.get(id) ?? []), { start, end }]);
          return id;
        }
      }
    }
    return null;
  };

  const plans: TPlanDraft[] = [];
  const rotations = new Map<number, Date[]>();
  for (const [vesselIndex, vessel] of vessels.entries()) {
    // Rotation dates of the vessel: every 35 to 55 days, each vessel on its own phase.
    const dates: Date[] = [];
    for (
      let d = addDays(from, -Math.floor(rand() * 50) - vesselIndex);
      d < addDays(until, 60);
      d = addDays(d, 35 + Math.floor(rand() * 21))
    )
      dates.push(d);
    rotations.set(vessel.id, dates);
    const port = pick(ports)?.id ?? null;
    for (const row of vessel.manningScales) {
      const officer = OFFICERS.test(row.rank.title);
      const [minDays, maxDays] = officer ? [120, 190] : [180, 270];
      // The row's first contract began some time before the window.
      let start = dates[Math.floor(rand() * 4)] ?? from;
      while (start < until) {
        const length = minDays + Math.floor(rand() * (maxDays - minDays));
        const end =
          dates.find((d) => d.getTime() >= start.getTime() + length * DAY) ?? addDays(start, length);
        const future = start > now;
        const soon = future && start.getTime() - now.getTime() < 75 * DAY;
        let status: string;
        if (end <= now) status = "completed";
        else if (start <= now) status = "on_board";
        else if (soon) status = rand() < 0.8 ? "approved" : "pending_approval";
        else
          status =
            ["pending_approval", "to_propose", "to_propose", "vacancy", "vacancy", "other_agency"][
              Math.floor(rand() * 6)
            ] ?? "vacancy";
        const userId = status === "vacancy" ? null : seafarerFor(row.rankId, start, end);
        // A slot that is over and nobody filled is no plan at all.
        if (userId === null && end <= now) {
          start = end;
          continue;
        }
        const filled = userId === null ? "vacancy" : status;
        const published = filled === "vacancy" && rand() < 0.6;
        plans.push({
          manningScaleId: row.id,
          userId,
          start,
          end,
          status: filled,
          toPublish: published,
          offer: filled === "vacancy" ? (row.templateOffer ?? (officer ? 7000 : 2200)) : null,
          vacancyDescription: published
            ? `${row.rank.title}, ${Math.round((end.getTime() - start.getTime()) / (30 * DAY))} months, joining ${start.toISOString().slice(0, 10)}`
            : null,
          repairTeam: filled !== "vacancy" && rand() < 0.03,
          portId: filled !== "vacancy" && future && rand() < 0.4 ? port : null,
          lastCommentBody: filled !== "vacancy" && future && rand() < 0.15 ? (pick(COMMENTS) ?? null) : null,
        });
        start = end;
      }
    }
  }
  await db.timePlan.createMany({ data: plans });

  // Crew changes with their crew lists: the last rotation of some vessels (completed) and the next one (planned).
  const created = await db.timePlan.findMany({
    where: { userId: { not: null } },
    select: {
      id: true,
      manningScaleId: true,
      start: true,
      end: true,
      manningScale: { select: { vesselId: true } },
    },
  });
  const admin = await db.client.findFirst({ where: { role: "admin" }, select: { id: true } });
  for (const vessel of vessels.slice(0, 8)) {
    const dates = rotations.get(vessel.id) ?? [];
    const last = [...dates].reverse().find((d) => d <= now);
    const next = dates.find((d) => d > now);
    for (const [date, state] of [
      [last, "completed"],
      [next, "planned"],
    ] as const) {
      if (!date) continue;
      const at = date.getTime();
      const mine = created.filter((p) => p.manningScale.vesselId === vessel.id);
      const offs = mine.filter((p) => p.end.getTime() === at);
      const ons = mine.filter((p) => p.start.getTime() === at);
      if (!offs.length && !ons.length) continue;
      const rows = new Map<number, { signOnId: number | null; signOffId: number | null }>();
      for (const p of offs) rows.set(p.manningScaleId, { signOnId: null, signOffId: p.id });
      for (const p of ons)
        rows.set(p.manningScaleId, {
          signOnId: p.id,
          signOffId: rows.get(p.manningScaleId)?.signOffId ?? null,
        });
      const crewChange = await db.crewChange.create({
        data: {
          date,
          state,
          vesselId: vessel.id,
          portId: pick(ports)?.id ?? null,
          portArrivedId: pick(ports)?.id ?? null,
          reason: "Crew rotation",
          voyageNumber: `${String(date.getUTCFullYear()).slice(2)}/${String(Math.floor(rand() * 200) + 1).padStart(3, "0")}`,
          authorId: admin?.id ?? null,
        },
      });
      const reason = await db.signOffReason.findFirst({
        where: { title: "End of contract" },
        select: { id: true },
      });
      await db.crewList.createMany({
        data: [...rows.values()].map((r) => ({
          crewChangeId: crewChange.id,
          ...r,
          reasonId: r.signOffId ? (reason?.id ?? null) : null,
        })),
      });
      await db.timePlan.updateMany({
        where: { id: { in: offs.map((p) => p.id) } },
        data: { crewChangeSignOffId: crewChange.id },
      });
      await db.timePlan.updateMany({
        where: { id: { in: ons.map((p) => p.id) } },
        data: { crewChangeSignOnId: crewChange.id },
      });
    }
  }
};
