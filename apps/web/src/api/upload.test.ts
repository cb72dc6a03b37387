import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../lib/fake-xhr";
import { storeRotatedHeaders } from "./auth-storage";
import { setUnauthorizedListener } from "./http-client";
import { uploadFile, uploadFiles } from "./upload";

const doc = { data: { type: "crew_notes", id: "1", attributes: {} } };
const file = (name: string, size = 10) => new File(["x".repeat(size)], name, { type: "application/pdf" });
const rotated = (token: string, expiry: number) => ({
  "access-token": token,
  "token-type": "Bearer",
  client: "c1",
  expiry: String(expiry),
  uid: "ann@example.com",
});

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedListener(null);
});

/** Lets pending promise callbacks run (fake timers do not advance microtasks by themselves). */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("file uploads", () => {
  it("posts multipart field 'file' with the session headers, reports progress and stores the rotated token", async () => {
    storeRotatedHeaders(new Headers(rotated("t1", 1000)));
    const progress = vi.fn();
    const done = uploadFile("crew_notes", 1, "attachments", file("cv.pdf", 40), progress);
    const xhr = FakeXhr.all[0]!;
    expect([xhr.method, xhr.url]).toEqual(["POST", "/api/crew_notes/1/files/attachments"]);
    expect(xhr.headers["access-token"]).toBe("t1");
    expect(xhr.headers["Content-Type"]).toBeUndefined();
    expect(xhr.fileNames()).toEqual(["cv.pdf"]);
    xhr.progress(20, 40);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 20, total: 40 });
    xhr.respond(200, doc, rotated("t2", 2000));
    await expect(done).resolves.toEqual(doc);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 40, total: 40 });
    expect(localStorage.getItem("access-token")).toBe("t2");
  });

  it("turns a refusal into an ApiError, still storing the token, and tells the session about a 401", async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    const refused = uploadFile("crew_notes", 1, "scan", file("virus.exe"));
    FakeXhr.all[0]!.respond(
      422,
      { errors: [{ status: "422", title: "virus.exe is not an allowed type" }] },
      rotated("t3", 3000),
    );
    await expect(refused).rejects.toMatchObject({
      status: 422,
      apiErrors: [{ title: "virus.exe is not an allowed type" }],
    });
    expect(localStorage.getItem("access-token")).toBe("t3");
    const expired = uploadFile("crew_notes", 1, "scan", file("a.png"));
    FakeXhr.all[1]!.respond(401, { errors: [{ status: "401", title: "Unauthorized" }] });
    await expect(expired).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("uploads several files one after another, each start 1000 ms after the previous, with an outcome per file", async () => {
    vi.useFakeTimers();
    const onProgress = vi.fn();
    const all = uploadFiles(
      "crew_notes",
      1,
      "attachments",
      [file("a.pdf"), file("big.pdf"), file("c.pdf")],
      onProgress,
    );
    await flush();
    expect(FakeXhr.all).toHaveLength(1);
    const t0 = FakeXhr.all[0]!.sentAt;
    // A slow first upload: the next waits for it, never overlapping.
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeXhr.all).toHaveLength(1);
    FakeXhr.all[0]!.respond(200, doc);
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    expect(FakeXhr.all[1]!.sentAt - t0).toBe(1500);
    FakeXhr.all[1]!.respond(413, { errors: [{ status: "413", title: "Payload Too Large" }] });
    await flush();
    // A quick answer: the third still waits out its 1000 ms.
    expect(FakeXhr.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeXhr.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeXhr.all).toHaveLength(3);
    expect(FakeXhr.all[2]!.sentAt - FakeXhr.all[1]!.sentAt).toBe(1000);
    FakeXhr.all[2]!.progress(5, 10);
    FakeXhr.all[2]!.respond(200, doc);
    const outcomes = await all;
    expect(outcomes.map((o) => (o.ok ? "ok" : o.message))).toEqual(["ok", "big.pdf is too large", "ok"]);
    expect(onProgress).toHaveBeenCalledWith(2, { loaded: 5, total: 10 });
    expect(FakeXhr.all.map((x) => x.fileNames()[0])).toEqual(["a.pdf", "big.pdf", "c.pdf"]);
  });

  it("stops the sequence when cancelled", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const all = uploadFiles("crew_notes", 1, "attachments", [file("a.pdf"), file("b.pdf")], undefined, {
      signal: controller.signal,
    });
    await flush();
    FakeXhr.all[0]!.respond(200, doc);
    await flush();
    controller.abort();
    await expect(all).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeXhr.all).toHaveLength(1);
  });
});
