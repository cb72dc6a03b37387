import * as contracts from "@crew/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../../lib/fake-xhr";
import { jsonAnswer, urlOf, sentJson } from "../../lib/test-utils";
import { testResources } from "../../lib/test-resources";
import { addFiles, draftOf, moveItem, removeItem } from "../fields/file-draft";
import { changedDrafts, syncFiles, type TFileSyncEvent } from "./file-sync";

const { crewNotes } = testResources(contracts);
const stored = (id: number, filename = `f${id}.pdf`) => ({
  id,
  filename,
  content_type: "application/pdf",
  byte_size: 10,
  url: `/api/files/${id}`,
});
const file = (name: string) => new File(["0123456789"], name, { type: "application/pdf" });
const answerWith = (attachments: ReturnType<typeof stored>[]) => ({
  data: { type: "crew_notes", id: "7", attributes: { attachments } },
});

describe("files after the save", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    FakeXhr.all = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    vi.stubGlobal("fetch", fetchMock);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("removes, uploads one per second with progress, then saves the order the person gave", async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === "DELETE") return jsonAnswer(204, null);
      return jsonAnswer(200, answerWith([stored(2), stored(11), stored(12)]));
    });
    const initial = draftOf([stored(1), stored(2)]);
    let draft = removeItem(initial, "stored-1");
    draft = addFiles(draft, [file("a.pdf"), file("b.pdf")], true);
    // b.pdf first, then the stored f2, then a.pdf.
    draft = moveItem(draft, 2, 0);
    draft = moveItem(draft, 2, 1);
    expect(draft.items.map((i) => i.stored?.filename ?? i.file?.name)).toEqual(["b.pdf", "a.pdf", "f2.pdf"]);
    const drafts = changedDrafts({ attachments: draft }, { attachments: initial });
    const events: TFileSyncEvent[] = [];
    const done = syncFiles(crewNotes, "7", drafts, (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(0);
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe("/api/files/1");
    // Uploads go in the order shown: b.pdf, then a.pdf a second later.
    expect(FakeXhr.all.map((x) => x.fileNames()[0])).toEqual(["b.pdf"]);
    FakeXhr.all[0]!.progress(5, 10);
    FakeXhr.all[0]!.respond(200, answerWith([stored(2), stored(11)]));
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeXhr.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeXhr.all.map((x) => x.fileNames()[0])).toEqual(["b.pdf", "a.pdf"]);
    FakeXhr.all[1]!.respond(200, answerWith([stored(2), stored(11), stored(12)]));
    const result = await done;
    expect(result.failed).toBe(0);
    const reorder = fetchMock.mock.calls[1]!;
    expect([urlOf(reorder[0]), reorder[1]?.method, sentJson(reorder[1])]).toEqual([
      "/api/crew_notes/7/files/attachments",
      "PATCH",
      { ids: [11, 12, 2] },
    ]);
    const byKey = (name: string) =>
      events
        .filter((e) => e.key === draft.items.find((i) => i.file?.name === name)?.key)
        .map((e) => e.state.status);
    expect(byKey("b.pdf")).toEqual(["waiting", "uploading", "uploading", "done"]);
    expect(byKey("a.pdf")).toEqual(["waiting", "uploading", "done"]);
  });

  it("keeps going past a refused file and reports it by file", async () => {
    const draft = addFiles(draftOf(null), [file("virus.exe"), file("ok.pdf")], true);
    const events: TFileSyncEvent[] = [];
    const done = syncFiles(crewNotes, "7", { attachments: draft }, (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(0);
    FakeXhr.all[0]!.respond(422, {
      errors: [{ status: "422", title: "virus.exe is not an allowed file type" }],
    });
    await vi.advanceTimersByTimeAsync(1000);
    FakeXhr.all[1]!.respond(200, answerWith([stored(20)]));
    const result = await done;
    expect(result.failed).toBe(1);
    expect(events.find((e) => e.state.status === "failed")?.state.error).toBe(
      "virus.exe is not an allowed file type",
    );
    // One file stored: no order to save.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("replaces a single file by uploading the new one, without removing the old first", async () => {
    const initial = draftOf(stored(5, "old.png"));
    const draft = addFiles(initial, [file("new.png")], false);
    expect(draft.items.map((i) => i.file?.name)).toEqual(["new.png"]);
    const done = syncFiles(
      crewNotes,
      "7",
      changedDrafts({ scan: draft }, { scan: initial }),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeXhr.all[0]!.url).toBe("/api/crew_notes/7/files/scan");
    FakeXhr.all[0]!.respond(200, {
      data: { type: "crew_notes", id: "7", attributes: { scan: stored(6, "new.png") } },
    });
    await expect(done).resolves.toMatchObject({ failed: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("has nothing to send for an untouched field", () => {
    const initial = draftOf([stored(1), stored(2)]);
    expect(changedDrafts({ attachments: initial }, { attachments: initial })).toEqual({});
    expect(
      Object.keys(changedDrafts({ attachments: moveItem(initial, 0, 1) }, { attachments: initial })),
    ).toEqual(["attachments"]);
  });
});
