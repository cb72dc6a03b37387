import { Anchor, List, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";

/**
 * Rich text is kept as a small Markdown subset: paragraphs, `- ` lists, **bold**, *italic*
 * and [links](https://…). It is rendered to React elements (never to HTML strings), so a
 * stored value can never inject markup; only http(s) and mailto links become anchors.
 */
const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\[[^\]]+\]\([^)\s]+\))/g;
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export const renderInline = (text: string): ReactNode[] =>
  text.split(INLINE).map((part, i) => {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4)
      return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (
      (part.startsWith("*") && part.endsWith("*")) ||
      (part.startsWith("_") && part.endsWith("_") && part.length > 2)
    ) {
      return <em key={i}>{part.slice(1, -1)}</em>;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link?.[1] && link[2]) {
      return SAFE_LINK.test(link[2]) ? (
        <Anchor key={i} href={link[2]} target="_blank" rel="noopener noreferrer" size="sm">
          {link[1]}
        </Anchor>
      ) : (
        <Fragment key={i}>{link[1]}</Fragment>
      );
    }
    return <Fragment key={i}>{part}</Fragment>;
  });

type TBlock = { kind: "paragraph"; lines: string[] } | { kind: "list"; items: string[] };

export const blocksOf = (source: string): TBlock[] => {
  const blocks: TBlock[] = [];
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    const last = blocks.at(-1);
    if (item) {
      if (last?.kind === "list") last.items.push(item[1] ?? "");
      else blocks.push({ kind: "list", items: [item[1] ?? ""] });
    } else if (line.trim() === "") {
      if (last && !(last.kind === "paragraph" && last.lines.length === 0))
        blocks.push({ kind: "paragraph", lines: [] });
    } else if (last?.kind === "paragraph") {
      last.lines.push(line);
    } else {
      blocks.push({ kind: "paragraph", lines: [line] });
    }
  }
  return blocks.filter((b) => (b.kind === "paragraph" ? b.lines.length > 0 : b.items.length > 0));
};

export const RichText = ({ source }: { source: string }) => (
  <div>
    {blocksOf(source).map((block, i) =>
      block.kind === "list" ? (
        <List key={i} size="sm" spacing={2} mb={4}>
          {block.items.map((item, j) => (
            <List.Item key={j}>{renderInline(item)}</List.Item>
          ))}
        </List>
      ) : (
        <Text key={i} size="sm" mb={4} style={{ overflowWrap: "anywhere" }}>
          {block.lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {renderInline(line)}
            </Fragment>
          ))}
        </Text>
      ),
    )}
  </div>
);
