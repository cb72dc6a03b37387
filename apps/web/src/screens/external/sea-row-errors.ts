import { isApiError } from "../../api";

/** A refusal of accept_sea_service read by row: messages by the version's row, and the rest. */
export interface TRowErrors {
  rows: Map<number, string>;
  rest: string[];
}

/** A refused row's message by its version row: the 422's pointer /data/attributes/rows/<at> names sent[at]. */
export const rowErrorsOf = (error: unknown, sent: readonly number[]): TRowErrors => {
  const rows = new Map<number, string>();
  const rest: string[] = [];
  if (!isApiError(error) || error.status !== 422) return { rows, rest };
  for (const e of error.apiErrors) {
    const [, , , field, at] = e.source?.pointer?.split("/") ?? [];
    const row = field === "rows" && at !== undefined ? sent[Number(at)] : undefined;
    if (row !== undefined && !rows.has(row)) rows.set(row, e.title);
    else rest.push(e.detail ?? e.title);
  }
  return { rows, rest };
};
