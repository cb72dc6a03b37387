import { ActionIcon, Group, Input, Textarea, Tooltip } from "@mantine/core";
import { IconBold, IconItalic, IconLink, IconList } from "@tabler/icons-react";
import { useRef } from "react";
import { textOf } from "./field-text";
import type { TFieldInputProps, TFieldViewProps } from "./field-kind-types";
import { RichText } from "./rich-text";
import { asText, commonInputProps } from "./TextKinds";

type TMark = "bold" | "italic" | "list" | "link";

/** The text after applying a mark to the selection [start, end), and where the selection goes. */
export const applyMark = (
  text: string,
  start: number,
  end: number,
  mark: TMark,
): { text: string; start: number; end: number } => {
  const selected = text.slice(start, end);
  const wrap = (before: string, after: string, placeholder: string) => {
    const inner = selected || placeholder;
    return {
      text: `${text.slice(0, start)}${before}${inner}${after}${text.slice(end)}`,
      start: start + before.length,
      end: start + before.length + inner.length,
    };
  };
  switch (mark) {
    case "bold":
      return wrap("**", "**", "bold text");
    case "italic":
      return wrap("*", "*", "italic text");
    case "link":
      return wrap("[", "](https://)", "link text");
    case "list": {
      const lineStart = text.lastIndexOf("\n", start - 1) + 1;
      const block = text.slice(lineStart, end || start);
      const listed = block
        .split("\n")
        .map((l) => (/^\s*[-*]\s+/.test(l) ? l : `- ${l}`))
        .join("\n");
      const next = `${text.slice(0, lineStart)}${listed}${text.slice(end || start)}`;
      return { text: next, start: lineStart, end: lineStart + listed.length };
    }
  }
};

const MARKS: { mark: TMark; label: string; Icon: typeof IconBold }[] = [
  { mark: "bold", label: "Bold", Icon: IconBold },
  { mark: "italic", label: "Italic", Icon: IconItalic },
  { mark: "list", label: "Bulleted list", Icon: IconList },
  { mark: "link", label: "Link", Icon: IconLink },
];

/** A text area with a few formatting buttons that write the Markdown subset RichText reads. */
export const RichTextInput = (props: TFieldInputProps) => {
  const ref = useRef<HTMLTextAreaElement>(null);
  const value = asText(props.value);
  const apply = (mark: TMark) => {
    const area = ref.current;
    const next = applyMark(
      value,
      area?.selectionStart ?? value.length,
      area?.selectionEnd ?? value.length,
      mark,
    );
    props.onChange(next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div>
      <Textarea
        {...commonInputProps(props)}
        ref={ref}
        autosize
        minRows={4}
        maxRows={14}
        value={value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        inputContainer={(children) => (
          <>
            <Group gap={2} mb={4} role="toolbar" aria-label={`Formatting of ${props.attr.label}`}>
              {MARKS.map(({ mark, label, Icon }) => (
                <Tooltip key={mark} label={label} openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={label}
                    disabled={props.disabled}
                    onClick={() => apply(mark)}
                  >
                    <Icon size={15} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
            {children}
          </>
        )}
      />
      <Input.Description mt={4}>**bold**, *italic*, - list, [link](https://…)</Input.Description>
    </div>
  );
};

export const RichTextDisplay = ({ value }: TFieldViewProps) => <RichText source={textOf(value)} />;
