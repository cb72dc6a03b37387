import { z } from "zod";
import type { TActionDef, TAttributeDef } from "../resource.js";

const text = (label: string, max: number) =>
  ({
    label,
    kind: "textarea",
    input: z.string().trim().max(max, `is too long (maximum is ${max} characters)`).nullable(),
  }) as const satisfies TAttributeDef;

/**
 * What an owner's employment contracts need beyond its name (issue 17 §4; MLC 2006 Standard
 * A2.1): the address and the terms the contract template fills in, the contract template and
 * the other document templates (.docx, checked at upload: docs/owners-terms.md).
 */
export const ownerContractAttributes = {
  address: text("Address", 500),
  annual_leave: text("Paid annual leave", 4000),
  termination_terms: text("Termination terms", 4000),
  health_benefits: text("Health and social-security benefits", 4000),
  repatriation: text("Repatriation", 4000),
  collective_agreement: text("Collective bargaining agreement", 4000),
  contract_template: {
    label: "Contract template",
    kind: "file",
    file: { accept: "docxTemplate" },
  },
  document_templates: {
    label: "Document templates",
    kind: "files",
    file: { accept: "docxTemplate", multiple: true },
  },
} as const satisfies Record<string, TAttributeDef>;

/** One template's check: its MLC particulars not filled and whether it renders. */
export const ZTemplateCheck = z.object({
  file_id: z.number().int(),
  filename: z.string(),
  attribute: z.enum(["contract_template", "document_templates"]),
  placeholders: z.array(z.string()),
  missing_particulars: z.array(z.string()),
  problems: z.array(z.string()),
});
export type TTemplateCheck = z.infer<typeof ZTemplateCheck>;
export const ZTemplateChecks = z.object({
  data: z.array(ZTemplateCheck),
  meta: z.object({ pdf_available: z.boolean() }),
});
export type TTemplateChecks = z.infer<typeof ZTemplateChecks>;

export const ownerContractActions = {
  /**
   * GET /api/owners/{id}/template_check: each stored template's placeholders, the MLC
   * particulars it does not fill and whether it still renders; and whether PDFs can be made here.
   */
  template_check: {
    label: "Check the templates",
    method: "GET",
    on: "member",
    permission: { key: "owners", action: "read" },
    input: z.strictObject({}),
  },
} as const satisfies Record<string, TActionDef>;
