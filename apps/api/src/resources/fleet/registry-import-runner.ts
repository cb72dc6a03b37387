import { EquasisError, type TEquasisSession } from "../../equasis/equasis-client.js";
import { AppError } from "../../errors/app-error.js";
import { fromPrismaError } from "../../errors/prisma-errors.js";
import type { TJobContext } from "../../jobs/types.js";
import { vesselDataOf } from "./registry-particulars.js";
import { vesselRegistryRepository } from "./vessel-registry-repository.js";
import { registryAccount, registryClient } from "./vessel-registry-service.js";

/** What an import uses of its job's context. */
export type TImportDeps = Pick<
  TJobContext,
  "config" | "logger" | "repository" | "write" | "attempt" | "lastAttempt"
>;

/** The run stops for good (its pending IMOs fail with the reason); the job is not retried. */
class ImportStopped extends Error {}

/**
 * One registry import (bulk parse): signs in to Equasis with the author's account, then
 * fetches each pending IMO at the client's polite pace and creates the vessel (a prospect:
 * is_selected) or refreshes the one in the fleet (skipped with only_new), recording each
 * IMO's outcome and the run's counts as it goes. Safe to run again: only pending IMOs are
 * fetched and the counts are recomputed from the items. An unreachable registry throws, so
 * the job is retried and carries on where it stopped; a refused login ends the run.
 */
export const runRegistryImport = async (deps: TImportDeps, runId: number): Promise<void> => {
  const repo = deps.repository(vesselRegistryRepository);
  const run = await repo.run(runId);
  if (!run || run.status === "finished" || run.status === "failed") return;
  const stop = async (reason: string): Promise<void> => {
    await repo.failPending(runId, reason);
    await repo.setRun(runId, "failed", await repo.counts(runId), { error: reason, finishedAt: new Date() });
    deps.logger.warn({ runId }, `registry import stopped: ${reason}`);
  };
  await repo.setRun(runId, "running", await repo.counts(runId), {
    startedAt: run.startedAt ?? new Date(),
    error: null,
  });

  let session: TEquasisSession | undefined;
  try {
    if (run.authorId === null) throw new ImportStopped("The account that started the import was deleted.");
    const account = await registryAccount(repo, deps.config, run.authorId).catch((error: unknown) => {
      throw new ImportStopped(
        error instanceof AppError ? (error.errors[0]?.detail ?? error.message) : String(error),
      );
    });
    session = await registryClient(deps.config).signIn(account.email, account.password);
    for (const item of await repo.pendingItems(runId)) {
      const ship = await session.findShip(item.imo);
      const actor = { id: run.authorId };
      const outcome = ship
        ? await deps
            .write(actor, async (tx) => {
              const r = vesselRegistryRepository(tx);
              const existing = await r.vesselByImo(item.imo);
              if (existing && run.onlyNew)
                return {
                  status: "skipped" as const,
                  message: "already in the fleet",
                  vesselId: existing.id,
                  vesselName: existing.name,
                };
              const { data, notes } = await vesselDataOf(r, ship);
              const vessel = existing
                ? await r.updateVessel(existing.id, data)
                : await r.createVessel(item.imo, data, { isSelected: true });
              return {
                status: existing ? ("updated" as const) : ("created" as const),
                message: notes.join("; ") || null,
                vesselId: vessel.id,
                vesselName: vessel.name,
              };
            })
            .catch((error: unknown) => {
              const known = fromPrismaError(error);
              if (!known) throw error;
              return {
                status: "failed" as const,
                message: known.errors.map((e) => e.detail ?? e.title).join("; "),
                vesselId: null,
                vesselName: ship.name,
              };
            })
        : {
            status: "failed" as const,
            message: "not found in the registry",
            vesselId: null,
            vesselName: null,
          };
      await repo.finishItem(item.id, outcome);
      await repo.setRun(runId, "running", await repo.counts(runId));
    }
    await repo.setRun(runId, "finished", await repo.counts(runId), { finishedAt: new Date() });
  } catch (error) {
    if (error instanceof ImportStopped) return stop(error.message);
    if (error instanceof EquasisError && error.failure === "login")
      return stop("Equasis login or password is wrong.");
    if (error instanceof EquasisError && !deps.lastAttempt) {
      await repo.setRun(runId, "running", await repo.counts(runId), {
        error: `${error.message} Retrying (attempt ${deps.attempt}).`,
      });
      throw error;
    }
    await stop(error instanceof Error ? error.message : String(error));
    if (!(error instanceof EquasisError)) throw error;
  } finally {
    await session?.close();
  }
};
