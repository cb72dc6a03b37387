import { z } from "zod";

/** A planning check's finding (the plan's `warnings`, also a write's meta.warnings). */
export const ZPlanWarning = z.object({ code: z.string(), title: z.string(), detail: z.string() });
export const ZPlanWarnings = z.array(ZPlanWarning);
export type TPlanWarning = z.infer<typeof ZPlanWarning>;
