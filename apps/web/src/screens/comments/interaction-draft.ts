import type { TMention } from "./comment-body";

/** What the interaction form holds while typing (the file aside: a browser cannot keep it). */
export interface TInteractionDraft {
  category: string;
  event_result: string;
  comment_source_id: string;
  body: string;
  mentions: TMention[];
  readiness_date: string;
  crewing_status_id: string;
  wage: string;
  /** "" leaves the mark as it is. */
  hot: "" | "yes" | "no";
}

export const EMPTY_DRAFT: TInteractionDraft = {
  category: "",
  event_result: "",
  comment_source_id: "",
  body: "",
  mentions: [],
  readiness_date: "",
  crewing_status_id: "",
  wage: "",
  hot: "",
};

/** Where a draft is kept: one per applicant and browser (localStorage), until it is saved or discarded. */
export const draftKey = (userId: string): string => `crew:comment-draft:users:${userId}`;

const isDraft = (value: unknown): value is Partial<TInteractionDraft> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const readDraft = (userId: string): TInteractionDraft => {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isDraft(parsed)) return EMPTY_DRAFT;
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const mentions = Array.isArray(parsed.mentions)
      ? parsed.mentions.filter(
          (m): m is TMention =>
            typeof m === "object" && m !== null && typeof m.id === "string" && typeof m.name === "string",
        )
      : [];
    const hot = parsed.hot === "yes" || parsed.hot === "no" ? parsed.hot : "";
    return {
      category: text(parsed.category),
      event_result: text(parsed.event_result),
      comment_source_id: text(parsed.comment_source_id),
      body: text(parsed.body),
      mentions,
      readiness_date: text(parsed.readiness_date),
      crewing_status_id: text(parsed.crewing_status_id),
      wage: text(parsed.wage),
      hot,
    };
  } catch {
    return EMPTY_DRAFT;
  }
};

export const isEmptyDraft = (d: TInteractionDraft): boolean =>
  JSON.stringify(d) === JSON.stringify(EMPTY_DRAFT);

export const writeDraft = (userId: string, draft: TInteractionDraft): void => {
  try {
    if (isEmptyDraft(draft)) localStorage.removeItem(draftKey(userId));
    else localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft.
  }
};

export const clearDraft = (userId: string): void => {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing kept
  }
};

/** The applicant's values the form may change, as they are now. */
export interface TApplicantNow {
  readiness_date: string | null;
  crewing_status_id: number | null;
  wage: number | null;
  hot: boolean;
}

export interface TChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
  /** What is sent for it (multipart text). */
  value: string;
}

/**
 * What a save will change on the applicant, field by field ("Readiness: 01.02.2027 → 15.03.2027");
 * a value equal to the current one is no change and is not sent.
 */
export const changesOf = (
  draft: TInteractionDraft,
  now: TApplicantNow,
  show: { date: (iso: string | null) => string; status: (id: string | null) => string },
): TChangeLine[] => {
  const lines: TChangeLine[] = [];
  const day = (v: string | null) => (v ? v.slice(0, 10) : null);
  if (draft.readiness_date && day(draft.readiness_date) !== day(now.readiness_date))
    lines.push({
      field: "readiness_date",
      label: "Readiness",
      from: show.date(now.readiness_date) || "—",
      to: show.date(draft.readiness_date),
      value: draft.readiness_date,
    });
  if (draft.crewing_status_id && draft.crewing_status_id !== String(now.crewing_status_id ?? ""))
    lines.push({
      field: "crewing_status_id",
      label: "Crewing status",
      from: now.crewing_status_id === null ? "—" : show.status(String(now.crewing_status_id)),
      to: show.status(draft.crewing_status_id),
      value: draft.crewing_status_id,
    });
  if (draft.wage !== "" && Number(draft.wage) !== now.wage)
    lines.push({
      field: "wage",
      label: "Expected wage",
      from: now.wage === null ? "—" : `${now.wage.toLocaleString("en")} USD`,
      to: `${Number(draft.wage).toLocaleString("en")} USD`,
      value: draft.wage,
    });
  if (draft.hot !== "" && (draft.hot === "yes") !== now.hot)
    lines.push({
      field: "hot",
      label: "Hot",
      from: now.hot ? "yes" : "no",
      to: draft.hot,
      value: String(draft.hot === "yes"),
    });
  return lines;
};
