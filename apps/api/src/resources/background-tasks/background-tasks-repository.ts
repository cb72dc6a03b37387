import type { TTx } from "../../db/client.js";
import type { Prisma } from "../../generated/prisma/client.js";

export interface TNewTask {
  kind: string;
  authorId: number;
  total: number;
  params: Prisma.InputJsonValue;
}

/**
 * Background tasks (tag batches, large exports): what a client started, how far it got and
 * what it produced. Jobs write progress outside any request; only the author reads a task.
 */
export const backgroundTasksRepository = (db: TTx) => ({
  create: (task: TNewTask) => db.backgroundTask.create({ data: { ...task, status: "queued" } }),
  find: (id: number) => db.backgroundTask.findUnique({ where: { id } }),
  start: (id: number, total: number) =>
    db.backgroundTask.update({ where: { id }, data: { status: "running", total } }),
  /** How far it got, and (a job that counts as it goes) the counts so far. */
  progress: (id: number, done: number, result?: Prisma.InputJsonValue) =>
    db.backgroundTask.update({ where: { id }, data: { done, ...(result === undefined ? {} : { result }) } }),
  finish: (id: number, result: Prisma.InputJsonValue) =>
    db.backgroundTask.update({ where: { id }, data: { status: "done", result, finishedAt: new Date() } }),
  fail: (id: number, error: string) =>
    db.backgroundTask.update({
      where: { id },
      data: { status: "failed", error: error.slice(0, 1000), finishedAt: new Date() },
    }),
});
