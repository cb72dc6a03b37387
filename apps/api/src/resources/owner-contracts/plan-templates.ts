import type { TContractPrintRepository } from "./contract-print-repository.js";

export interface TPlanTemplates {
  has_contract_template: boolean;
  /** The owner's other templates a full print adds: {id, name}. */
  document_templates: { id: number; name: string }[];
}

/** For each plan, whether its vessel's owner has a contract template and which document templates (two queries for a page). */
export const planTemplates = async (
  repo: TContractPrintRepository,
  planIds: readonly number[],
): Promise<Map<number, TPlanTemplates>> => {
  const owners = await repo.ownersOfPlans(planIds);
  const templates = await repo.templatesOf([...new Set(owners.values())]);
  const out = new Map<number, TPlanTemplates>();
  for (const [planId, ownerId] of owners) {
    const files = templates.get(ownerId);
    out.set(planId, {
      has_contract_template: (files?.get("contract_template")?.length ?? 0) > 0,
      document_templates: (files?.get("document_templates") ?? []).map((f) => ({
        id: f.id,
        name: f.filename.replace(/\.docx$/i, ""),
      })),
    });
  }
  return out;
};
