import { z } from "zod";
import type { TAttributeDef } from "../resource.js";

/** Reusable attribute definitions; the bounds are ours (the spec leaves them open). */
export const title = (label = "Title"): TAttributeDef => ({
  label,
  kind: "text",
  input: z.string().trim().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)"),
  required: true,
  list: true,
  sortable: true,
});

export const createdAt: TAttributeDef = { label: "Created", kind: "datetime", list: true, sortable: true };
export const updatedAt: TAttributeDef = { label: "Updated", kind: "datetime", sortable: true };

export const titleFilter = (label = "Title") => ({ label, kind: "text" as const, input: z.string().max(255) });
