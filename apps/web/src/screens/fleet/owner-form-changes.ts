import type { TFileDraft } from "../../resources/fields/file-draft";

const LABELS: Record<string, string> = {
  contract_template: "Contract template",
  document_templates: "Document templates",
};

/**
 * The owner form's template changes as preview lines: each file to upload (and the stored one
 * it replaces) and each file to remove, by field, uploaded after the owner is saved.
 */
export const templateChanges = (drafts: Record<string, TFileDraft>): string[] =>
  Object.entries(drafts).flatMap(([name, draft]) => {
    const label = LABELS[name] ?? name;
    const picked = draft.items.flatMap((i) => (i.file ? [i.file.name] : []));
    const kept = new Set(draft.items.flatMap((i) => (i.stored ? [i.stored.id] : [])));
    const removed = draft.removed.filter((f) => !kept.has(f.id)).map((f) => f.filename);
    const lines = [
      ...(picked.length ? [`${label}: upload ${picked.join(", ")}`] : []),
      ...(removed.length ? [`${label}: remove ${removed.join(", ")}`] : []),
    ];
    return lines.length ? lines : [`${label}: new order`];
  });
