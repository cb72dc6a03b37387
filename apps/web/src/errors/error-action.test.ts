import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/api-error";
import { classifyError, serverErrorLines } from "./error-action";
import { fieldErrorsOf } from "./field-errors";

vi.mock("../notices/notices", () => ({
  notifyError: vi.fn(),
  noticeLines: (lines: string[]) => lines.join("\n"),
}));
const { notifyError } = await import("../notices/notices");
const { handleApiError } = await import("./handle-api-error");

const err = (status: number, errors: ApiError["apiErrors"] = [], text = "Status") =>
  new ApiError(status, text, errors);

describe("HTTP error rules (spec 8.1)", () => {
  it.each([
    [401, "/login"],
    [403, "/page-forbidden"],
    [404, "/page-not-found"],
  ])("%i redirects to %s", (status, to) => {
    expect(classifyError(err(status))).toEqual({ kind: "redirect", to });
  });

  it("500 and 400 become a notice titled '<status> Server Error' with the text split by commas", () => {
    const e500 = err(500, [
      { status: "500", title: "Internal", detail: "Database is down, try again later" },
    ]);
    expect(classifyError(e500)).toEqual({
      kind: "notice",
      title: "500 Server Error",
      lines: ["Database is down", "try again later"],
    });
    const e400 = err(400, [
      { status: "400", title: "page[size] must be a whole number" },
      { status: "400", title: "Unknown filter 'x'" },
    ]);
    expect(classifyError(e400)).toEqual({
      kind: "notice",
      title: "400 Server Error",
      lines: ["page[size] must be a whole number", "Unknown filter 'x'"],
    });
  });

  it("422 with pointers becomes field errors named by the pointer, message = title", () => {
    const e = err(422, [
      { status: "422", title: "has already been taken", source: { pointer: "/data/attributes/title" } },
      { status: "422", title: "second message of title", source: { pointer: "/data/attributes/title" } },
      { status: "422", title: "must exist", source: { pointer: "/data/relationships/vendor_type" } },
      { status: "422", title: "no pointer" },
    ]);
    expect(fieldErrorsOf(e)).toEqual({ title: "has already been taken", vendor_type: "must exist" });
    expect(classifyError(e)).toEqual({
      kind: "fields",
      fields: { title: "has already been taken", vendor_type: "must exist" },
    });
  });

  it("422 without a pointer is an error notice with the error's title and message", () => {
    expect(
      classifyError(
        err(422, [{ status: "422", title: "Rank cannot move", detail: "Position out of range" }]),
      ),
    ).toEqual({
      kind: "notice",
      title: "Rank cannot move",
      lines: ["Position out of range"],
    });
    // A title alone is the message, under a plain heading.
    expect(classifyError(err(422, [{ status: "422", title: "Position out of range" }]))).toEqual({
      kind: "notice",
      title: "Error",
      lines: ["Position out of range"],
    });
  });

  it("field errors only come from 422 answers", () => {
    expect(
      fieldErrorsOf(err(400, [{ status: "400", title: "bad", source: { pointer: "/data/attributes/x" } }])),
    ).toEqual({});
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });

  it("non-HTTP errors become an error notice", () => {
    expect(classifyError(new Error("kaputt"))).toEqual({ kind: "notice", title: "Error", lines: ["kaputt"] });
    expect(serverErrorLines(new Error("a, b"))).toEqual(["a", "b"]);
  });

  it("handleApiError navigates for redirects and shows notices otherwise", () => {
    const navigate = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    handleApiError(err(403), navigate);
    expect(navigate).toHaveBeenCalledWith("/page-forbidden", { replace: false });
    handleApiError(err(401), navigate);
    expect(navigate).toHaveBeenCalledWith("/login", { replace: true });
    handleApiError(err(500, [{ status: "500", title: "a, b" }]), navigate);
    expect(notifyError).toHaveBeenCalledWith("a\nb", "500 Server Error");
    const action = handleApiError(
      err(422, [{ status: "422", title: "is bad", source: { pointer: "/data/attributes/name" } }]),
      navigate,
    );
    expect(action).toEqual({ kind: "fields", fields: { name: "is bad" } });
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
