import sanitizeHtml from "sanitize-html";

/**
 * A comment's body as the server keeps it (docs/interactions.md "Body"): HTML cleaned by
 * sanitize-html against an allow-list, whatever the client sent. Text with no tags stays
 * text (escaped). Mentions are `<span data-type="mention" data-id="{client id}">@Name</span>`
 * (TipTap's mention markup); the ids are read from the cleaned HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "pre",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    span: ["data-type", "data-id", "data-label", "class"],
  },
  allowedClasses: { span: ["mention"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open elsewhere without handing the opener over.
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "title"],
};

export const sanitizeBody = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

const MENTION = /<span\b[^>]*\bdata-type="mention"[^>]*>/g;
const DATA_ID = /\bdata-id="(\d{1,10})"/;

/** Client ids mentioned in a cleaned body, each once, in order. */
export const mentionIds = (clean: string): number[] => {
  const ids: number[] = [];
  for (const tag of clean.match(MENTION) ?? []) {
    const id = Number(DATA_ID.exec(tag)?.[1]);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
  }
  return ids;
};

/** The words of a cleaned body without markup (notifications, a plan's label, "is it empty"). */
export const plainText = (clean: string): string =>
  sanitizeHtml(clean.replace(/<(br|\/p|\/li|\/blockquote)\b[^>]*>/gi, " $&"), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** At most `max` characters of text, cut at a word with an ellipsis. */
export const excerpt = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
};
