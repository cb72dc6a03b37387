import { describe, expect, it } from "vitest";
import { bodyHtml, bodyText } from "./comment-body";

describe("a comment body as text and back", () => {
  it("keeps paragraphs, line breaks and mentions through an edit", () => {
    const anna = { id: "7", name: "Anna Admin" };
    const text = "Called him <today>.\nReady from May.\n\n@Anna Admin please check";
    const html = bodyHtml(text, [anna]);
    expect(html).toContain('data-id="7"');
    expect(html).toContain("&#60;today&#62;");
    const back = bodyText(html);
    expect(back.text).toBe(text);
    expect(back.mentions).toEqual([anna]);
    expect(bodyHtml(back.text, back.mentions)).toBe(html);
  });

  it("reads other markup as its text", () => {
    expect(bodyText("<p><strong>Visa</strong> ok</p><ul><li>one</li><li>two</li></ul>").text).toBe(
      "Visa ok\n\none\n\ntwo",
    );
  });
});
