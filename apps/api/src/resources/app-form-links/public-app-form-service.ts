import { APP_FORM_MAX_DOCUMENTS, APP_FORM_MAX_SEA_ROWS, type TExternalSeaService } from "@crew/contracts";
import { z } from "zod";
import type { TDeps } from "../../deps.js";
import { changesOf, type TComparable } from "../../crew-sites/compare.js";
import { deleteObjects, newKey } from "../../kernel/files-service.js";
import { runInTransaction } from "../../kernel/transaction-repository.js";
import type { TUpload } from "../../storage/upload.js";
import { comparableOf } from "../external-versions/external-versions-repository.js";
import {
  draftFieldsOf,
  readAppForm,
  readSeaRows,
  SEA_KEYS,
  seaRowsOf,
  type TFormValues,
  type TSeaRow,
} from "./app-form-fields.js";
import { hashAppFormToken } from "./app-form-links-binding.js";
import { appFormLinksRepository } from "./app-form-links-repository.js";
import type { TAppFormView } from "./public-app-form-page.js";

/**
 * The public form's work (issue 19 §3; docs/outside-channels.md): a link's state by its token,
 * what the form shows (the saved draft, else the applicant's data), a draft saved with its files,
 * and the one submission that becomes a version for staff. Files are checked by content and size
 * before they get here (storage/upload.ts, like every upload); they are kept on the link as
 * stored files of `app_form_links` (staff read them on the link; the seafarer sees only names).
 */

/** A token is 32 random bytes as base64url: 43 characters. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type TDepsUsed = Pick<TDeps, "db" | "bus" | "storage" | "logger">;
type TLinkRow = NonNullable<Awaited<ReturnType<ReturnType<typeof appFormLinksRepository>["byTokenHash"]>>>;
export type TOpen = { status: "gone" } | { status: "submitted" } | { status: "open"; link: TLinkRow };

/** A draft as the link keeps it. */
const ZDraft = z.object({
  fields: z.record(z.string(), z.string()).catch({}),
  sea: z.array(z.record(z.string(), z.string())).catch([]),
  seaCount: z.number().int().catch(0),
});
type TDraft = z.infer<typeof ZDraft>;

const seaRowOf = (r: Record<string, string>): TSeaRow =>
  Object.fromEntries(SEA_KEYS.map((k) => [k, r[k] ?? ""])) as TSeaRow;

const countOf = (sea: readonly unknown[], asked: number) =>
  Math.min(APP_FORM_MAX_SEA_ROWS, Math.max(2, sea.length + 1, asked));

export const openLink = async (deps: Pick<TDeps, "db">, token: string): Promise<TOpen> => {
  if (!TOKEN.test(token)) return { status: "gone" };
  const link = await appFormLinksRepository(deps.db).byTokenHash(hashAppFormToken(token));
  if (!link || link.revokedAt) return { status: "gone" };
  if (link.submittedAt) return { status: "submitted" };
  if (link.expiresAt.getTime() <= Date.now()) return { status: "gone" };
  return { status: "open", link };
};

const filesOf = async (deps: Pick<TDeps, "db">, linkId: number): Promise<TAppFormView["files"]> =>
  (await appFormLinksRepository(deps.db).files(linkId)).map((f) => ({
    id: f.id,
    name: f.name,
    filename: f.filename,
    byteSize: f.byteSize,
  }));

/** The form as it opens: the saved draft, else the applicant's values as we hold them. */
export const formView = async (deps: Pick<TDeps, "db">, link: TLinkRow): Promise<TAppFormView> => {
  const files = await filesOf(deps, link.id);
  const saved = link.draft === null ? null : ZDraft.safeParse(link.draft);
  if (saved?.success) {
    const sea = saved.data.sea.map(seaRowOf);
    return {
      values: saved.data.fields,
      sea,
      seaCount: countOf(sea, saved.data.seaCount),
      files,
      notice: link.draftSavedAt
        ? `Draft saved ${link.draftSavedAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`
        : undefined,
    };
  }
  const values = Object.fromEntries(
    Object.entries(comparableOf(link.user)).map(([k, v]) => [k, v === null ? "" : String(v)]),
  );
  return { values, sea: [], seaCount: countOf([], 0), files };
};

/** What was posted, read into the form's shape (for a draft, and to show again with problems). */
export const postedView = (
  body: TFormValues,
  files: TAppFormView["files"],
  addRow: boolean,
): TAppFormView => {
  const asked = Number(Array.isArray(body.sea_rows) ? body.sea_rows[0] : body.sea_rows) || 0;
  const sea = seaRowsOf(body, APP_FORM_MAX_SEA_ROWS);
  return {
    values: draftFieldsOf(body),
    sea,
    seaCount: countOf(sea, Math.min(asked, APP_FORM_MAX_SEA_ROWS) + (addRow ? 1 : 0)),
    files,
  };
};

const removeIdsOf = (body: TFormValues): number[] => {
  const raw = body.remove_file;
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
};

export type TSaveResult =
  | { status: "closed"; state: "gone" | "submitted" }
  | { status: "refused"; httpStatus: 422; view: TAppFormView }
  | { status: "draft"; view: TAppFormView }
  | { status: "sent" };

/**
 * A save of the form: "draft" (and "add_row") keep what was typed and the files on the link;
 * "send" checks everything and, when it passes, makes the version once. A send with problems
 * keeps what was typed as the draft (and the files), so nothing chosen is lost.
 */
export const saveForm = async (
  deps: TDepsUsed,
  link: TLinkRow,
  body: TFormValues,
  uploads: readonly TUpload[],
  action: "draft" | "add_row" | "send",
): Promise<TSaveResult> => {
  const removeIds = removeIdsOf(body);
  const current = await filesOf(deps, link.id);
  const posted = postedView(body, current, action === "add_row");
  const keptDocs = current.filter((f) => f.name === "documents" && !removeIds.includes(f.id)).length;
  const newDocs = uploads.filter((u) => u.field === "documents").length;
  const newPhotos = uploads.filter((u) => u.field === "photo").length;
  const refusal: Record<string, string> = {};
  if (keptDocs + newDocs > APP_FORM_MAX_DOCUMENTS)
    refusal.documents = `At most ${APP_FORM_MAX_DOCUMENTS} scans in all: remove some first`;
  if (newPhotos > 1) refusal.photo = "One photo, please";
  if (Object.keys(refusal).length)
    return { status: "refused", httpStatus: 422, view: { ...posted, errors: refusal } };

  let errors: Record<string, string> = {};
  let version: { fields: TComparable; seaService: TExternalSeaService[] } | null = null;
  if (action === "send") {
    const form = readAppForm(body);
    const sea = readSeaRows(posted.sea);
    errors = { ...(form.ok ? {} : form.errors), ...(sea.ok ? {} : sea.errors) };
    if (form.ok && sea.ok) version = { fields: form.fields, seaService: sea.rows };
  }
  const draft: TDraft = {
    fields: Object.fromEntries(
      Object.entries(posted.values).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
    ),
    sea: [...posted.sea],
    seaCount: posted.seaCount,
  };

  // Objects first, then their rows with the draft or the version in one transaction; a failed
  // or refused transaction deletes the objects again.
  const stored: { upload: TUpload; key: string }[] = [];
  const outcome = await (async () => {
    try {
      for (const upload of uploads) {
        const key = newKey("app_form_links");
        stored.push({ upload, key });
        await deps.storage.put(key, upload.buffer, { contentType: upload.contentType });
      }
      return await runInTransaction(
        deps.db,
        null,
        async (tx) => {
          const repo = appFormLinksRepository(tx);
          if (!(await repo.stillOpen(link.id))) return { closed: true as const, removedKeys: [] };
          const removedKeys = await repo.changeFiles(
            link.id,
            stored.map(({ upload, key }) => ({
              key,
              filename: upload.filename,
              contentType: upload.contentType,
              byteSize: upload.size,
              checksum: upload.checksum,
              name: upload.field === "photo" ? "photo" : "documents",
            })),
            removeIds,
          );
          if (version) {
            const pending =
              changesOf(version.fields, comparableOf(link.user)).length > 0 ||
              version.seaService.length > 0 ||
              (await repo.files(link.id)).length > 0;
            const id = await repo.submit(link, {
              fields: version.fields,
              seaService: version.seaService.map((r) => ({ ...r })),
              pending,
            });
            if (id === null) return { closed: true as const, removedKeys: [] };
          } else await repo.saveDraft(link.id, draft);
          return { closed: false as const, removedKeys };
        },
        deps.bus,
      );
    } catch (error) {
      await deleteObjects(
        deps.storage,
        stored.map((s) => s.key),
        deps,
      );
      throw error;
    }
  })();
  if (outcome.closed) {
    await deleteObjects(
      deps.storage,
      stored.map((s) => s.key),
      deps,
    );
    return { status: "closed", state: "submitted" };
  }
  await deleteObjects(deps.storage, outcome.removedKeys, deps);
  if (version) return { status: "sent" };
  const files = await filesOf(deps, link.id);
  const view: TAppFormView = { ...posted, files };
  if (action === "send")
    return {
      status: "refused",
      httpStatus: 422,
      view: { ...view, errors, notice: "Your draft and files were saved." },
    };
  return {
    status: "draft",
    view: {
      ...view,
      notice:
        action === "add_row"
          ? "Draft saved. A new sea service row was added."
          : "Draft saved. Open the same link to carry on; send it when it is complete.",
    },
  };
};
