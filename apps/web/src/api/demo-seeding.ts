import { apiUrl } from "./http-client";

/** How far a first start's demo fill has come (the API's `/api/ready` meta, docs/performance.md). */
export interface TDemoSeeding {
  state: "seeding" | "failed";
  area: string | null;
  done: number;
  total: number;
}

interface TReadyAnswer {
  errors?: { code?: string }[];
  meta?: { seeding?: TDemoSeeding };
}

/**
 * The demo fill in progress, or null: ready, or not ready for another reason (a database
 * or Redis away is the session check's business), or unreachable. Plain fetch: the answer
 * is a 503 whose meta the shared client's error path would drop.
 */
export const fetchDemoSeeding = async (): Promise<TDemoSeeding | null> => {
  try {
    const answer = await fetch(apiUrl("/ready"), { credentials: "same-origin" });
    if (answer.status !== 503) return null;
    const body = (await answer.json()) as TReadyAnswer;
    const code = body.errors?.[0]?.code;
    if (code !== "demo_seeding" && code !== "demo_seed_failed") return null;
    return body.meta?.seeding ?? null;
  } catch {
    return null;
  }
};
