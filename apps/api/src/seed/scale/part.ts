import type { TDb } from "../../db/client.js";

/** A flag of `pnpm seed:scale`: `--name <number>`. */
export interface TScaleFlag {
  default: number;
  help: string;
}

export interface TScaleContext {
  db: TDb;
  /** Every part's flags, parsed (defaults filled in). */
  flags: Readonly<Record<string, number>>;
  embedded: boolean;
  log: (line: string) => void;
}

/**
 * One area's share of the scale data (fleet, applicants, records, planning). Parts run in the
 * order of SCALE_PARTS, each reading what the earlier ones wrote (ids from the database, not
 * from memory), and insert set-based (INSERT ... SELECT generate_series or multi-row batches)
 * so 200,000 applicants take minutes, not hours.
 */
export interface TScalePart {
  name: string;
  flags: Readonly<Record<string, TScaleFlag>>;
  run(ctx: TScaleContext): Promise<void>;
}
