import type { Readable } from "node:stream";
import type { TResourceDef, TResourceObject } from "@crew/contracts";
import type { TActor } from "../http/context.js";
import type { TRow } from "./store.js";
import type { TKernelServices } from "./kernel-deps.js";
import type { TUpload } from "../storage/upload.js";

/** A file an action answers with (exports, print-outs). */
export interface TActionFile {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
  /** inline (shown by the browser) or attachment (downloaded); default attachment. */
  disposition?: "inline" | "attachment";
}

/**
 * What an action answers: nothing (204), a JSON document (JSON:API, or the plain shape the
 * spec names for it), or a file.
 */
export type TActionResult = undefined | { status?: number; document: unknown } | { file: TActionFile };

/**
 * `Id` is `number` for a member action (binding.ts types each handler by its definition's
 * `on`), so a handler never casts its record id.
 */
export interface TActionCtx<R, I = unknown, Id extends number | undefined = number | undefined> {
  actor: TActor;
  /** A member action's record id; the kernel has checked the record exists and is readable. */
  id: Id;
  /** The validated input (the query of a GET, else the body; the text fields of an upload). */
  input: I;
  /** The files of an upload action (definition `upload`), checked by content; [] otherwise. */
  uploads: readonly TUpload[];
  /** The resource's repository over the pool (reads). */
  repo: R;
  /** Runs `fn` in one audited write transaction with the repository bound to it. */
  transaction<T>(fn: (repo: R) => Promise<T>): Promise<T>;
  /** This resource as a JSON:API object (its computed attributes applied). */
  serialize(row: TRow): TResourceObject;
  def: TResourceDef;
  /** Absolute address of the request (for list links). */
  url: string;
  kernel: TKernelServices;
}

export type TActionHandler<R, I = unknown, Id extends number | undefined = number | undefined> = (
  ctx: TActionCtx<R, I, Id>,
) => Promise<TActionResult>;
/** The handler of a member action (`/{type}/{id}/{name}`): its record id is known. */
export type TMemberActionHandler<R, I = unknown> = TActionHandler<R, I, number>;
