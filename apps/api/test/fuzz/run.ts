import { routeTable, type TRole, type TRouteSpec } from "@crew/contracts";
import fc from "fast-check";
import { categoriesOf, drawCase, type TCase, type TCategory } from "./cases.js";
import { problemsOf } from "./checks.js";
import type { TRawAnswer } from "./http-client.js";
import { deniedRoleOf, type TFuzzTarget } from "./target.js";

export interface TFuzzOptions {
  /** Requests to send (the last pass is cut short). */
  requests: number;
  seed: number;
  /** Called every `progressEvery` requests. */
  onProgress?: (sent: number, report: TFuzzReport) => void;
  progressEvery?: number;
}

export interface TFailure {
  /** `seed:index`: the same seed draws the same case at the same index. */
  at: string;
  category: TCategory;
  as: string;
  request: string;
  body?: string;
  status: number;
  answer: string;
  problems: string[];
  serverLog?: string[];
}

export interface TFuzzReport {
  sent: number;
  routes: number;
  pairs: number;
  byStatus: Record<string, number>;
  byCategory: Record<string, number>;
  /** Rejected writes after which the row counts were compared. */
  countChecks: number;
  failures: TFailure[];
  slowestMs: number;
  slowest: string;
  healthy: boolean;
  healthNote: string;
  seconds: number;
}

interface TPair {
  route: TRouteSpec;
  category: TCategory;
}

/**
 * One pass over every route × category: first every `denied` case (so permission records are
 * still as seeded, and a success there is a hole), then round after round in which each route
 * takes its next category, so a cut-short pass still reaches every route.
 */
export const planPass = (routes: readonly TRouteSpec[], seed: number): TPair[] => {
  const shuffled = fc.sample(fc.shuffledSubarray([...routes], { minLength: routes.length }), {
    seed,
    numRuns: 1,
  })[0] ?? [...routes];
  const denied: TPair[] = shuffled
    .filter((r) => categoriesOf(r).includes("denied") && deniedRoleOf(r))
    .map((route) => ({ route, category: "denied" }));
  const rest = shuffled.map((route) => categoriesOf(route).filter((c) => c !== "denied"));
  const rounds: TPair[] = [];
  const longest = Math.max(0, ...rest.map((c) => c.length));
  for (let k = 0; k < longest; k++) {
    shuffled.forEach((route, i) => {
      const cats = rest[i] ?? [];
      const category = cats[(k + i) % cats.length];
      if (k < cats.length && category) rounds.push({ route, category });
    });
  }
  return [...denied, ...rounds];
};

const describeRequest = (c: TCase) =>
  `${c.method} ${c.path.length > 300 ? `${c.path.slice(0, 300)}…(${c.path.length} chars)` : c.path}`;
const describeBody = (c: TCase) => {
  if (!c.body) return c.bodyNote;
  const head = c.body.subarray(0, 400).toString("utf8");
  return `${c.bodyNote ?? ""} [${c.body.length} bytes, ${JSON.stringify(c.headers)}] ${head}${c.body.length > 400 ? "…" : ""}`;
};

const isWrite = (c: TCase) => c.method !== "GET";
const AUDITED = "#audited tables (newest version id)";

/** Sends the cases and checks every answer; the target stays up for the caller's own checks. */
export const runFuzz = async (target: TFuzzTarget, options: TFuzzOptions): Promise<TFuzzReport> => {
  const started = performance.now();
  const routes = routeTable();
  const report: TFuzzReport = {
    sent: 0,
    routes: routes.length,
    pairs: 0,
    byStatus: {},
    byCategory: {},
    countChecks: 0,
    failures: [],
    slowestMs: 0,
    slowest: "",
    healthy: false,
    healthNote: "",
    seconds: 0,
  };
  const initialRevision = (await target.counts()).get("#permissions-revision");
  let snapshot = await target.counts();
  let index = 0;

  for (let pass = 0; report.sent < options.requests; pass++) {
    await target.topUpFixtures();
    snapshot = await target.counts();
    const plan = planPass(routes, options.seed + pass);
    report.pairs = plan.length;
    for (const { route, category } of plan) {
      if (report.sent >= options.requests) break;
      const at = `${options.seed}:${index}`;
      const c = drawCase(route, category, target, options.seed * 1_000_003 + index);
      index++;
      const role: TRole | undefined =
        c.as === "admin" ? "admin" : c.as === "denied" ? deniedRoleOf(route) : undefined;
      const signIns = target.signIns();
      const auth = role ? await target.session(role) : {};
      if (target.signIns() !== signIns) snapshot = await target.counts();
      let answer: TRawAnswer;
      try {
        answer = await target.send({
          method: c.method,
          path: c.path,
          headers: { ...auth, ...c.headers },
          body: c.body,
        });
      } catch (error) {
        answer = {
          status: 0,
          headers: {},
          text: `no answer: ${error instanceof Error ? error.message : String(error)}`,
          json: undefined,
          ms: 0,
        };
      }
      report.sent++;
      report.byStatus[String(answer.status)] = (report.byStatus[String(answer.status)] ?? 0) + 1;
      report.byCategory[category] = (report.byCategory[category] ?? 0) + 1;
      if (answer.ms > report.slowestMs) {
        report.slowestMs = answer.ms;
        report.slowest = `${describeRequest(c)} (${category}) -> ${answer.status}`;
      }
      if (role) target.settle(role, auth, answer);

      // Queued work (202) writes after its answer: let it finish, then count afresh.
      if (answer.status === 202) await target.quiet();
      // After every request: a read may write too (a pop-up marks notifications shown), and the next refusal must not be blamed for it.
      const now = await target.counts();
      const problems =
        answer.status === 0
          ? ["no answer (connection closed or timed out)"]
          : problemsOf(c, answer, {
              permissionsUntouched: now.get("#permissions-revision") === initialRevision,
            });
      if (isWrite(c) && answer.status >= 400) {
        report.countChecks++;
        const changed = [...now]
          .filter(([name, n]) => !name.startsWith("#") && snapshot.get(name) !== n)
          .map(([name, n]) => `${name} ${snapshot.get(name) ?? 0} -> ${n}`);
        const version = snapshot.get(AUDITED) ?? 0;
        if (now.get(AUDITED) !== version) changed.push(...(await target.writtenSince(version)));
        if (changed.length) problems.push(`rows written by a rejected write: ${changed.join(", ")}`);
      }
      // An accepted delete removes a known record; anything accepted may change the counts.
      if (answer.status >= 200 && answer.status < 300 && c.method === "DELETE" && route.kind === "delete") {
        const id = Number(c.path.split("?")[0]?.split("/")[3]);
        if (Number.isInteger(id)) target.forget(route.type, id);
      }
      snapshot = now;
      if (problems.length) {
        report.failures.push({
          at,
          category,
          as: role ? `${c.as} (${role})` : c.as,
          request: describeRequest(c),
          body: describeBody(c),
          status: answer.status,
          answer: answer.text.slice(0, 800),
          problems,
          ...(answer.status >= 500 || answer.status === 0
            ? { serverLog: target.serverErrors.slice(-2) }
            : {}),
        });
      }
      if (options.onProgress && report.sent % (options.progressEvery ?? 1000) === 0)
        options.onProgress(report.sent, report);
    }
  }

  report.healthNote = await healthCheck(target);
  report.healthy = report.healthNote === "ok";
  report.seconds = (performance.now() - started) / 1000;
  return report;
};

/** The process still serves: liveness, readiness, and an authenticated list as admin. */
export const healthCheck = async (target: TFuzzTarget): Promise<string> => {
  const health = await target.send({ method: "GET", path: "/api/health", headers: {} });
  if (health.status !== 200) return `/api/health answered ${health.status}`;
  const ready = await target.send({ method: "GET", path: "/api/ready", headers: {} });
  if (ready.status !== 200) return `/api/ready answered ${ready.status}: ${ready.text.slice(0, 200)}`;
  const headers = await target.session("admin");
  const list = await target.send({ method: "GET", path: "/api/ranks", headers });
  target.settle("admin", headers, list);
  if (list.status !== 200) return `GET /api/ranks as admin answered ${list.status}`;
  return "ok";
};

/** The report as text: counts, answers by status and category, every failure. */
export const formatReport = (r: TFuzzReport, label: string): string => {
  const lines = [
    `Fuzz (${label}): ${r.sent} requests over ${r.routes} routes (${r.pairs} route × category pairs a pass) in ${r.seconds.toFixed(1)} s (${(r.sent / Math.max(r.seconds, 0.001)).toFixed(0)} req/s)`,
    `answers by status: ${Object.entries(r.byStatus)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ")}`,
    `requests by category: ${Object.entries(r.byCategory)
      .sort(([, a], [, b]) => b - a)
      .map(([c, n]) => `${c} ${n}`)
      .join(", ")}`,
    `row counts compared after ${r.countChecks} rejected writes`,
    `slowest: ${r.slowestMs.toFixed(0)} ms, ${r.slowest}`,
    `process healthy afterwards: ${r.healthy ? "yes" : `NO (${r.healthNote})`}`,
    `failures: ${r.failures.length}`,
  ];
  for (const f of r.failures) {
    lines.push(`\n  [${f.at}] ${f.category} as ${f.as}: ${f.request}`);
    if (f.body) lines.push(`    body: ${f.body}`);
    lines.push(`    -> ${f.status} ${f.answer}`);
    lines.push(`    problems: ${f.problems.join("; ")}`);
    for (const l of f.serverLog ?? []) lines.push(`    server log: ${l.trim()}`);
  }
  return lines.join("\n");
};
