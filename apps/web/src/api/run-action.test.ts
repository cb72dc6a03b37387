import { crewUsers, defineResource, notifications, type TResourceDef } from "@crew/contracts";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { sentJson, useFetchMock } from "../lib/test-utils";
import { storeRotatedHeaders } from "./auth-storage";
import { runAction, runActionFor, type TActionArgs, type TActionInput, type TActionOf } from "./run-action";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/vnd.api+json", ...headers },
  });

/** A test-only definition with the action shapes the verticals will declare. */
const crewLists = defineResource({
  type: "crew_lists",
  permission: "crewChange",
  label: { one: "Crew list", many: "Crew lists" },
  titleAttribute: "title",
  attributes: { title: { label: "Title", kind: "text", input: z.string() } },
  defaultSort: "title",
  verbs: ["list"],
  actions: {
    toggle: { label: "Toggle", method: "POST", on: "member", input: z.strictObject({ on: z.boolean() }) },
    export: {
      label: "Export",
      method: "GET",
      on: "collection",
      input: z.strictObject({
        format: z.enum(["xlsx", "pdf"]),
        filter: z.object({ vessel_id: z.number() }).optional(),
      }),
    },
    archive: {
      label: "Archive",
      method: "POST",
      on: "collection",
      input: z.strictObject({ ids: z.array(z.coerce.number()) }),
    },
  },
});

describe("runAction", () => {
  const fetchMock = useFetchMock();

  it("takes method and address from the definition (contracts' actionPath) and sends a member action as a JSON:API document", async () => {
    fetchMock.mockResolvedValueOnce(json(204, null));
    await expect(runAction(crewUsers, "status", { id: 7, input: { status: "away" } })).resolves.toEqual({
      kind: "empty",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/clients/7/status");
    expect(init?.method).toBe("PATCH");
    expect(sentJson(init)).toEqual({ data: { type: "clients", attributes: { status: "away" } } });
  });

  it("sends a collection action's input as the plain object the spec names", async () => {
    fetchMock.mockResolvedValueOnce(json(204, null));
    await runAction(notifications, "mark_as_shown", { input: { payload: [4, 5] } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/notifications/mark_as_shown");
    expect(init?.method).toBe("POST");
    expect(sentJson(init)).toEqual({ payload: [4, 5] });
  });

  it("uses a declared path (clear all is DELETE /api/notifications) and sends no body without input", async () => {
    fetchMock.mockResolvedValueOnce(json(204, null));
    await runAction(notifications, "clear_all", {});
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/notifications");
    expect(init?.method).toBe("DELETE");
    expect(init?.body).toBeUndefined();
  });

  it("sends a GET action's input as its query", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await runAction(crewLists, "export", { input: { format: "xlsx", filter: { vessel_id: 3 } } });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/crew_lists/export?format=xlsx&filter[vessel_id]=3");
  });

  it("answers JSON, and a file named by Content-Disposition", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { unread_count: 3 }));
    await expect(runAction(notifications, "notification_count", {})).resolves.toEqual({
      kind: "json",
      body: { unread_count: 3 },
    });
    fetchMock.mockResolvedValueOnce(
      new Response("a,b", {
        status: 200,
        headers: {
          "content-type": "text/csv",
          "content-disposition": "attachment; filename=\"crew_.csv\"; filename*=UTF-8''crew%20%C3%A9.csv",
        },
      }),
    );
    const answer = await runAction(crewLists, "export", { input: { format: "pdf" } });
    expect(answer.kind).toBe("file");
    if (answer.kind === "file") {
      expect(answer.file.filename).toBe("crew é.csv");
      expect(await answer.file.blob.text()).toBe("a,b");
    }
  });

  it("stores the rotated token of an action's answer, file answers included", async () => {
    storeRotatedHeaders(new Headers({ "access-token": "t1", client: "c", uid: "u", expiry: "1000" }));
    fetchMock.mockResolvedValueOnce(
      new Response("x", {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-disposition": "attachment; filename=a.pdf",
          "access-token": "t2",
          client: "c",
          uid: "u",
          expiry: "2000",
        },
      }),
    );
    await runAction(crewLists, "export", { input: { format: "pdf" } });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)["access-token"]).toBe("t1");
    expect(localStorage.getItem("access-token")).toBe("t2");
  });

  it("refuses a member action without its record id and an action the definition does not declare", async () => {
    const loose: TResourceDef = crewLists;
    await expect(runAction(loose, "toggle", { input: { on: true } })).rejects.toThrow("needs a record id");
    await expect(runAction(loose, "nope", {})).rejects.toThrow("declares no action 'nope'");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks a known answer shape with runActionFor", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { unread_count: 2 }));
    await expect(
      runActionFor(notifications, "notification_count", {}, z.object({ unread_count: z.number() })),
    ).resolves.toEqual({ unread_count: 2 });
    fetchMock.mockResolvedValueOnce(json(200, { unread: "two" }));
    await expect(
      runActionFor(notifications, "notification_count", {}, z.object({ unread_count: z.number() })),
    ).rejects.toThrow("unexpected shape");
  });

  it("types name, id and input from the definition", () => {
    expectTypeOf<TActionInput<TActionOf<typeof crewUsers, "status">>>().toEqualTypeOf<{
      status: "active" | "away" | "deactivated";
    }>();
    expectTypeOf<TActionInput<TActionOf<typeof crewLists, "archive">>>().toEqualTypeOf<{ ids: unknown[] }>();
    expectTypeOf<TActionArgs<TActionOf<typeof crewUsers, "me">>>().toEqualTypeOf<
      { id?: undefined } & { input?: undefined }
    >();
    const typeOnly = (): void => {
      // @ts-expect-error not an action of clients
      void runAction(crewUsers, "promote", {});
      // @ts-expect-error not a status
      void runAction(crewUsers, "status", { id: 1, input: { status: "on_leave" } });
      // @ts-expect-error a member action needs its record
      void runAction(crewUsers, "status", { input: { status: "away" } });
      // @ts-expect-error a collection action has no record
      void runAction(notifications, "mark_all_read", { id: 3 });
      // @ts-expect-error the input is required
      void runAction(crewLists, "toggle", { id: 1 });
    };
    expect(typeOnly).toBeTypeOf("function");
  });
});
