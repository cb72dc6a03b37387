import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/** Hourly: a day-before reminder and an overdue notice for open tasks (task-reminders-handler.ts). */
export const taskRemindersJob = defineJob({
  id: "task-reminders",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 60 * 60 * 1000, payload: {} },
});
