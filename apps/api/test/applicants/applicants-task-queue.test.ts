import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { AppError } from "../../src/errors/app-error.js";
import { signInAs } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { unique } from "../support/factories.js";
import { createApplicant, db } from "./support.js";

/**
 * A tag batch or an export whose job the queue refuses (Redis away: the BullMQ provider answers
 * 503 at once) is a 503 for the client, and its task row says failed instead of staying queued.
 */
describe("a task whose job cannot be queued", () => {
  it("answers 503 and leaves the task failed, not queued forever", async () => {
    const deps = testDeps();
    const refusing = {
      ...deps.jobs,
      enqueue: () =>
        Promise.reject(
          new AppError(
            "UNAVAILABLE",
            "The job queue is not reachable right now; nothing was queued. Please try again shortly.",
          ),
        ),
    };
    const app = createApp({ ...deps, jobs: refusing });
    const { headers, client } = await signInAs("admin");
    const a = await createApplicant(headers);
    const before = new Date();

    const tagged = await request(app)
      .get("/api/users/assign_tag")
      .query({ tag: unique("Queue"), userId: a.id })
      .set(headers);
    expect(tagged.status).toBe(503);
    const exported = await request(app).get("/api/users/index_xlsx").query({ async: "true" }).set(headers);
    expect(exported.status).toBe(503);

    const tasks = await db().backgroundTask.findMany({
      where: { authorId: client.id, createdAt: { gte: before } },
    });
    expect(tasks.map((t) => t.kind).sort()).toEqual(["users.assign_tag", "users.index_xlsx"]);
    for (const t of tasks) {
      expect(t.status).toBe("failed");
      expect(t.error).toMatch(/could not be queued/);
    }
  });
});
