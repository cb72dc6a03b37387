import { Anchor } from "@mantine/core";
import { createElement, Fragment, type ReactNode } from "react";

/** A person a body mentions: their client id and the name shown after the @. */
export interface TMention {
  id: string;
  name: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML the server receives for a typed text: paragraphs from blank lines, <br> for line
 * breaks, every character escaped, and each `@Name` of a picked person as the mention markup the
 * server reads (`<span data-type="mention" data-id="…" data-label="…">@Name</span>`). Only the
 * mentions still present in the text are sent. The server sanitises whatever arrives anyway.
 */
export const bodyHtml = (text: string, mentions: readonly TMention[]): string => {
  const present = mentions.filter((m) => text.includes(`@${m.name}`));
  // Longest names first, so "@Anna Admin" wins over "@Anna".
  const ordered = [...present].sort((a, b) => b.name.length - a.name.length);
  const inline = (line: string): string => {
    let html = "";
    let rest = line;
    while (rest.length > 0) {
      let best: { at: number; m: TMention } | null = null;
      for (const m of ordered) {
        const at = rest.indexOf(`@${m.name}`);
        if (at >= 0 && (best === null || at < best.at)) best = { at, m };
      }
      if (!best) {
        html += escapeHtml(rest);
        break;
      }
      const { at, m } = best;
      html += escapeHtml(rest.slice(0, at));
      html += `<span data-type="mention" data-id="${escapeHtml(m.id)}" data-label="${escapeHtml(m.name)}">@${escapeHtml(m.name)}</span>`;
      rest = rest.slice(at + m.name.length + 1);
    }
    return html;
  };
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${p.split("\n").map(inline).join("<br>")}</p>`)
    .join("");
};

/** The ids of the mentions still in the text (the server reads them from the body too). */
export const mentionedIds = (text: string, mentions: readonly TMention[]): string[] => [
  ...new Set(mentions.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id)),
];

/**
 * The editable text of a stored body, the reverse of `bodyHtml`: paragraphs as blank lines,
 * <br> as line breaks, each mention as `@Name` with who it is, other markup as its text.
 */
export const bodyText = (html: string): { text: string; mentions: TMention[] } => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const mentions = new Map<string, TMention>();
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === "br") return "\n";
    if (tag === "span" && el.getAttribute("data-type") === "mention") {
      const id = el.getAttribute("data-id") ?? "";
      const name = el.getAttribute("data-label") ?? (el.textContent ?? "").replace(/^@/, "");
      if (id && name) mentions.set(id, { id, name });
      return `@${name}`;
    }
    const inner = Array.from(el.childNodes).map(walk).join("");
    return tag === "p" || tag === "li" || tag === "blockquote" || tag === "pre" ? `${inner}\n\n` : inner;
  };
  const text = Array.from(doc.body.childNodes)
    .map(walk)
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, mentions: [...mentions.values()] };
};

const BLOCKS = new Set(["p", "ul", "ol", "li", "blockquote", "pre"]);
const INLINE = new Set(["strong", "b", "em", "i", "u", "s", "code", "br"]);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

const toReact = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = Array.from(el.childNodes).map((c, i) => toReact(c, `${key}.${i}`));
  if (tag === "br") return <br key={key} />;
  if (BLOCKS.has(tag) || INLINE.has(tag))
    return createElement(tag, { key, style: tag === "p" ? { margin: "0 0 4px" } : undefined }, children);
  if (tag === "a") {
    const href = el.getAttribute("href") ?? "";
    return SAFE_HREF.test(href) ? (
      <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" inherit>
        {children}
      </Anchor>
    ) : (
      <Fragment key={key}>{children}</Fragment>
    );
  }
  if (tag === "span" && el.getAttribute("data-type") === "mention")
    return (
      <span
        key={key}
        className="comment-mention"
        data-mention-id={el.getAttribute("data-id") ?? ""}
        style={{ color: "var(--mantine-color-blue-7)", fontWeight: 600 }}
      >
        {el.textContent}
      </span>
    );
  // Anything else (a script or style would never get here from the server): its text only.
  if (tag === "script" || tag === "style") return null;
  return <Fragment key={key}>{children}</Fragment>;
};

/**
 * A comment's body. The server sends sanitised HTML; it is still rendered here as React elements
 * from an allow-list (never as an HTML string), so no markup in a body can run in the browser.
 */
export const CommentBody = ({ html }: { html: string }) => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return (
    <div
      className="comment-body"
      style={{ overflowWrap: "anywhere", fontSize: "var(--mantine-font-size-sm)" }}
    >
      {Array.from(doc.body.childNodes).map((n, i) => toReact(n, String(i)))}
    </div>
  );
};
