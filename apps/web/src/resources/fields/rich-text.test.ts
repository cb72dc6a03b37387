import { describe, expect, it } from "vitest";
import { blocksOf } from "./rich-text";
import { applyMark } from "./RichTextInput";
import { plainOfRichText } from "./field-text";

describe("rich text (Markdown subset)", () => {
  it("splits paragraphs and lists", () => {
    expect(blocksOf("First line\nsecond\n\n- a\n- b\nafter")).toEqual([
      { kind: "paragraph", lines: ["First line", "second"] },
      { kind: "list", items: ["a", "b"] },
      { kind: "paragraph", lines: ["after"] },
    ]);
  });

  it("wraps the selection, or a placeholder, and turns lines into a list", () => {
    expect(applyMark("a bc d", 2, 4, "bold")).toEqual({ text: "a **bc** d", start: 4, end: 6 });
    expect(applyMark("x", 1, 1, "link").text).toBe("x[link text](https://)");
    expect(applyMark("one\ntwo", 0, 7, "list").text).toBe("- one\n- two");
  });

  it("reads as plain text in cells and history", () => {
    expect(plainOfRichText("**Bold** and [site](https://a.b)\n- item")).toBe("Bold and site item");
  });
});
