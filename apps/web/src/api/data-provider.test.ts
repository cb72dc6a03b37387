import { describe, expect, it, vi } from "vitest";
import {
  addToRelationship,
  createManyReference,
  fetchFile,
  getManyReference,
  getVersions,
  parentOf,
  removeFile,
  removeFromRelationship,
  reorderFiles,
  replaceRelationship,
} from "./data-provider";
import { filenameOfDisposition } from "./content-disposition";
import { sentJson, urlOf, useFetchMock } from "../lib/test-utils";

// Adds test-only children (voyage logs under users with a nested create, and under vessels).
vi.mock("@crew/contracts", async (original) =>
  (await import("../lib/test-resources")).withTestResources(await original()),
);

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/vnd.api+json" },
  });
const emptyList = {
  data: [],
  meta: { count: 0, total: 0 },
  links: { self: "", first: "", last: "", prev: null, next: null },
};

describe("data provider: nested lists, relationships, versions, files", () => {
  const fetchMock = useFetchMock();
  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i]!;
    return { url: urlOf(url), method: init?.method, body: sentJson(init) };
  };

  it("lists children under their parent at the contracts' nested path", async () => {
    fetchMock.mockImplementation(async () => json(200, emptyList));
    await getManyReference(
      "voyage_logs",
      { parentType: "users", parentId: 5 },
      { page: 2, perPage: 12, sort: "-date_on" },
    );
    expect(call(0).url).toBe("/api/users/5/voyage_logs?page[size]=12&page[number]=2&sort=-date_on");
    await getManyReference("voyage_logs", { parentType: "vessels", parentId: "9" });
    expect(call(1).url).toBe("/api/vessels/9/logbook?page[size]=15&page[number]=1");
    expect(() => parentOf("voyage_logs", { parentType: "owners", parentId: 1 })).toThrow(
      "not listed under owners",
    );
  });

  it("creates a child on the nested path where declared, else with the parent relationship set", async () => {
    fetchMock.mockImplementation(async () =>
      json(201, { data: { type: "voyage_logs", id: "1", attributes: {} } }),
    );
    await createManyReference("voyage_logs", { parentType: "users", parentId: 5 }, { vessel: "MV Ada" });
    expect(call(0)).toMatchObject({
      url: "/api/users/5/voyage_logs",
      method: "POST",
      body: { data: { type: "voyage_logs", attributes: { vessel: "MV Ada" } } },
    });
    await createManyReference("voyage_logs", { parentType: "vessels", parentId: 9 }, { vessel: "MV Ada" });
    expect(call(1)).toMatchObject({
      url: "/api/voyage_logs",
      body: { data: { relationships: { vessel_record: { data: { type: "vessels", id: "9" } } } } },
    });
  });

  it("replaces, adds to and removes from a to-many relationship", async () => {
    fetchMock.mockImplementation(async () => json(200, { data: [{ type: "tags", id: "2" }] }));
    const ids = [{ type: "tags", id: "2" }];
    await replaceRelationship("users", 5, "tags", ids);
    await addToRelationship("users", 5, "tags", ids);
    await removeFromRelationship("users", 5, "tags", ids);
    expect([0, 1, 2].map((i) => [call(i).method, call(i).url])).toEqual([
      ["PATCH", "/api/users/5/relationships/tags"],
      ["POST", "/api/users/5/relationships/tags"],
      ["DELETE", "/api/users/5/relationships/tags"],
    ]);
    expect(call(0).body).toEqual({ data: ids });
  });

  it("pages a record's versions", async () => {
    fetchMock.mockImplementation(async () => json(200, { ...emptyList, meta: { count: 40, total: 40 } }));
    const page = await getVersions("clients", 3, { number: 2 });
    expect(call().url).toBe("/api/clients/3/versions?page[size]=15&page[number]=2");
    expect(page.total).toBe(40);
    expect(page.lastPage).toBe(3);
  });

  it("removes and reorders stored files", async () => {
    fetchMock.mockResolvedValueOnce(json(204, null));
    await removeFile(44);
    expect(call(0)).toMatchObject({ url: "/api/files/44", method: "DELETE" });
    fetchMock.mockResolvedValueOnce(json(200, { data: { type: "voyage_logs", id: "1", attributes: {} } }));
    await reorderFiles("voyage_logs", 1, "files", [3, 1, 2]);
    expect(call(1)).toMatchObject({
      url: "/api/voyage_logs/1/files/files",
      method: "PATCH",
      body: { ids: [3, 1, 2] },
    });
  });

  it("fetches a stored file with the session headers, named by its Content-Disposition", async () => {
    localStorage.setItem("access-token", "t");
    for (const k of ["client", "uid", "expiry"]) localStorage.setItem(k, "1");
    localStorage.setItem("token-type", "Bearer");
    fetchMock.mockResolvedValueOnce(
      new Response("%PDF", {
        status: 200,
        headers: { "content-type": "application/pdf", "content-disposition": 'inline; filename="cv.pdf"' },
      }),
    );
    const file = await fetchFile("/api/files/9/download");
    expect(call().url).toBe("/api/files/9/download");
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)["access-token"]).toBe("t");
    expect(file).toMatchObject({ filename: "cv.pdf", contentType: "application/pdf" });
  });
});

describe("Content-Disposition names", () => {
  it("prefers the UTF-8 name, falls back to the plain one and drops folders", () => {
    expect(
      filenameOfDisposition(
        "attachment; filename=\"Ivanov_CV.docx\"; filename*=UTF-8''%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%20CV.docx",
      ),
    ).toBe("Иванов CV.docx");
    expect(filenameOfDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(filenameOfDisposition("attachment; filename=plain.txt")).toBe("plain.txt");
    expect(filenameOfDisposition('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(filenameOfDisposition("inline")).toBeUndefined();
    expect(filenameOfDisposition(null)).toBeUndefined();
  });
});
