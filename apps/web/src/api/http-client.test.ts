import { afterEach, describe, expect, it, vi } from "vitest";
import { useFetchMock } from "../lib/test-utils";
import { ApiError } from "./api-error";
import { storeRotatedHeaders } from "./auth-storage";
import { del, get, post, setUnauthorizedListener } from "./http-client";
import { getList, pageNumberOf } from "./data-provider";

const json = (status: number, body: unknown, headers: Record<string, string> = {}, statusText = "") =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "content-type": "application/vnd.api+json", ...headers },
  });

const rotated = (token: string, expiry: number) => ({
  "access-token": token,
  "token-type": "Bearer",
  client: "c1",
  expiry: String(expiry),
  uid: "ann@example.com",
});

describe("fetch client", () => {
  const fetchMock = useFetchMock();
  afterEach(() => setUnauthorizedListener(null));

  it("sends the stored headers and stores the rotated ones of the answer", async () => {
    storeRotatedHeaders(new Headers(rotated("t1", 1000)));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }, rotated("t2", 2000)));
    await get("/ranks", { page: { size: 15, number: 1 }, filter: { title: "", role: "admin" } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/ranks?page[size]=15&page[number]=1&filter[role]=admin");
    expect((init?.headers as Record<string, string>)["access-token"]).toBe("t1");
    expect(localStorage.getItem("access-token")).toBe("t2");
  });

  it("stores rotated headers from error answers too", async () => {
    storeRotatedHeaders(new Headers(rotated("t1", 1000)));
    fetchMock.mockResolvedValueOnce(
      json(422, { errors: [{ status: "422", title: "is taken" }] }, rotated("t2", 2000)),
    );
    await expect(post("/ranks", {})).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem("access-token")).toBe("t2");
  });

  it("resolves a 204 without reading a body", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(del("/ranks/1")).resolves.toBeUndefined();
  });

  it("builds ApiError with '<status> <status text>' and the body's errors", async () => {
    const errors = [{ status: "500", title: "Boom", detail: "db down, retry later" }];
    fetchMock.mockResolvedValueOnce(json(500, { errors }));
    const error = await get("/ranks").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("500 Internal Server Error");
    expect((error as ApiError).apiErrors).toEqual(errors);
  });

  it("makes one error of status and status text when the body is not JSON", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("<html>proxy error</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = (await get("/ranks").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("502 Bad Gateway");
    expect(error.apiErrors).toEqual([{ status: "502", title: "Bad Gateway" }]);
  });

  it("reports no answer at all as status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = (await get("/ranks").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
  });

  it("tells the session about a 401 on an authenticated call, not on sign-in", async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    fetchMock.mockResolvedValueOnce(json(401, { errors: [{ status: "401", title: "Unauthorized" }] }));
    await get("/ranks").catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(
      json(401, { errors: [{ status: "401", title: "Invalid login credentials" }] }),
    );
    await post("/auth/sign_in", {}, { anonymous: true }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("reads total from meta.count and the last page from links.last", async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        data: [{ type: "ranks", id: "1", attributes: { title: "Master" } }],
        meta: { count: 31, total: 31 },
        links: {
          self: "/api/ranks?page[number]=1&page[size]=15",
          first: "/api/ranks?page[number]=1&page[size]=15",
          last: "/api/ranks?page%5Bnumber%5D=3&page%5Bsize%5D=15",
          prev: null,
          next: "/api/ranks?page[number]=2&page[size]=15",
        },
      }),
    );
    const page = await getList("ranks", {
      page: 1,
      perPage: 15,
      sort: "-created_at",
      search: " ",
      filter: { title: "" },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/ranks?page[size]=15&page[number]=1&sort=-created_at");
    expect(page).toMatchObject({ total: 31, lastPage: 3, included: [] });
  });

  it("parses page numbers from encoded and plain links", () => {
    expect(pageNumberOf("/api/x?page[number]=4")).toBe(4);
    expect(pageNumberOf("/api/x?page%5Bnumber%5D=2&page%5Bsize%5D=15")).toBe(2);
    expect(pageNumberOf(null)).toBeUndefined();
  });
});
