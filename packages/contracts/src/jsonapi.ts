import { z } from "zod";

/** JSON:API media type; requests may also send application/json. */
export const JSONAPI_MEDIA_TYPE = "application/vnd.api+json";

export const ZResourceIdentifier = z.object({ type: z.string(), id: z.string() });
export type TResourceIdentifier = z.infer<typeof ZResourceIdentifier>;

/**
 * A relationship of a served record. A to-one relationship's `meta.title` names the linked
 * record when the reader may read or pick its type (docs/decisions.md "Linked titles").
 */
export interface TRelationshipObject {
  data: TResourceIdentifier | TResourceIdentifier[] | null;
  meta?: { title?: string };
}

export interface TResourceObject<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
  relationships?: Record<string, TRelationshipObject>;
  links?: { self: string };
}

export interface TListDocument<A = Record<string, unknown>> {
  data: TResourceObject<A>[];
  included?: TResourceObject[];
  links: { self: string; first: string; last: string; prev: string | null; next: string | null };
  /**
   * `total_estimated`: the total is the database's estimate, not a count (a list filtered so
   * broadly that counting every match would cost more than the page; docs/applicants.md).
   */
  meta: { count: number; total: number; total_estimated?: true };
}

export interface TSingleDocument<A = Record<string, unknown>> {
  data: TResourceObject<A>;
  included?: TResourceObject[];
  /** Extra facts of the answer (a timeplan's document warnings). */
  meta?: Record<string, unknown>;
}

export interface TErrorObject {
  status: string;
  code?: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  /** Facts a client may act on (the existing applicant a duplicate matches). */
  meta?: Record<string, unknown>;
}

/** Write body of POST and PATCH. */
export const ZWriteDocument = z.object({
  data: z.object({
    type: z.string().min(1),
    id: z.string().optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    relationships: z
      .record(
        z.string(),
        z.object({ data: z.union([ZResourceIdentifier, z.array(ZResourceIdentifier), z.null()]) }),
      )
      .optional(),
  }),
});
export type TWriteDocument = z.infer<typeof ZWriteDocument>;

/** The field name a 422 pointer names: its fourth segment (`/data/attributes/<field>`). */
export const fieldOfPointer = (pointer: string | undefined): string | undefined => pointer?.split("/")[3];
