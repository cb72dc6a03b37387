import { setTimeout as sleep } from "node:timers/promises";
import { EXTERNAL_SOURCE_LABELS, type TExternalRefreshAllResult } from "@crew/contracts";
import { z } from "zod";
import { CrewSiteError } from "../../crew-sites/crew-site.js";
import { AppError } from "../../errors/app-error.js";
import { handleJob } from "../../jobs/define-job.js";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";
import { externalIdOf, fetchVersion, requireSiteClient } from "./crew-site-refresh.js";
import { crewSitesRefreshAllJob } from "./crew-sites-refresh-all-job.js";
import { externalVersionsRepository } from "./external-versions-repository.js";

/** Failures kept on the task with their reason (the counts hold them all). */
const FAILURES_KEPT = 50;

const ZResult = z
  .object({
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
    failures: z.array(z.object({ user_id: z.number().int(), reason: z.string() })),
  })
  .catch({ updated: 0, unchanged: 0, failed: 0, failures: [] });

/**
 * The bulk refresh from a crew job site: each applicant through the same fetch as the single
 * refresh (a version per applicant, the applicant itself unchanged), one at a time with
 * CREW_SITES_PACE_MS between them. A site that fails for one applicant (down, slow, a page it
 * cannot read, no such profile) counts that one as failed and goes on; credentials the site
 * refuses stop the run (every further call would be refused too). Progress and the counts so far
 * are written on the task after each applicant, so a rerun goes on from there (no applicant is
 * fetched twice by the same task).
 */
export const crewSitesRefreshAllHandler = handleJob(crewSitesRefreshAllJob, async (p, ctx) => {
  const tasks = ctx.repository(backgroundTasksRepository);
  const repo = ctx.repository(externalVersionsRepository);
  const site = EXTERNAL_SOURCE_LABELS[p.source];
  const task = await tasks.find(p.taskId);
  if (!task || task.status === "done" || task.status === "failed") return;
  const result: TExternalRefreshAllResult =
    task.status === "running" ? ZResult.parse(task.result) : ZResult.parse({});
  const from = task.status === "running" ? Math.min(task.done, p.userIds.length) : 0;
  await tasks.start(p.taskId, p.userIds.length);
  try {
    const client = await requireSiteClient(p.source, ctx.config, repo);
    for (let i = from; i < p.userIds.length; i++) {
      const userId = p.userIds[i] as number;
      if (i > from && ctx.config.CREW_SITES_PACE_MS > 0) await sleep(ctx.config.CREW_SITES_PACE_MS);
      const fail = (reason: string) => {
        result.failed++;
        if (result.failures.length < FAILURES_KEPT) result.failures.push({ user_id: userId, reason });
      };
      const applicant = await repo.applicant(userId);
      const externalId = applicant ? externalIdOf(p.source, applicant) : null;
      if (!applicant) fail("The applicant no longer exists");
      else if (!externalId) fail(`The applicant no longer has a ${site} id`);
      else {
        try {
          const { changed } = await fetchVersion({
            source: p.source,
            applicant,
            externalId,
            client,
            repo,
            transaction: (fn) => ctx.write({ id: p.actorId }, (tx) => fn(externalVersionsRepository(tx))),
            authorId: p.actorId,
          });
          if (changed) result.updated++;
          else result.unchanged++;
        } catch (error) {
          if (!(error instanceof CrewSiteError)) throw error;
          if (error.failure === "refused")
            throw AppError.conflict(
              `${site} refused the company's credentials; ask an administrator to check the key.`,
            );
          fail(error.message);
        }
      }
      await tasks.progress(p.taskId, i + 1, { ...result });
    }
    await tasks.finish(p.taskId, { ...result });
    ctx.logger.info(
      { taskId: p.taskId, source: p.source, updated: result.updated, failed: result.failed },
      "bulk refresh done",
    );
  } catch (error) {
    // A refusal or a missing setup will not mend by itself: fail the task now (its counts so far stay).
    if (error instanceof AppError || ctx.lastAttempt) {
      await tasks.fail(p.taskId, error instanceof Error ? error.message : String(error));
      if (error instanceof AppError) return;
    }
    throw error;
  }
});
