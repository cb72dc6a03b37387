import { Paper, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { useRef, useState } from "react";
import type { TMention } from "./comment-body";
import { useCrewUsers } from "./use-comments";

/** The `@word` being typed just before the caret, or null. */
export const mentionQueryAt = (text: string, caret: number): { start: number; query: string } | null => {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, query };
};

interface TProps {
  label: string;
  value: string;
  mentions: readonly TMention[];
  onChange: (value: string, mentions: TMention[]) => void;
  error?: string;
  placeholder?: string;
  minRows?: number;
}

/**
 * A comment's text with mentions: typing `@` opens a picker of crew users (GET clients, page
 * size 999), filtered by what follows; picking one writes `@Name` and remembers who it is.
 */
export const MentionTextarea = ({
  label,
  value,
  mentions,
  onChange,
  error,
  placeholder,
  minRows = 3,
}: TProps) => {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [picking, setPicking] = useState<{ start: number; query: string } | null>(null);
  const users = useCrewUsers(picking !== null || mentions.length > 0);
  const q = picking?.query.toLowerCase() ?? "";
  const matches = picking
    ? (users.data ?? [])
        .filter(
          (u) =>
            u.name
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(q)) || u.name.toLowerCase().includes(q),
        )
        .slice(0, 8)
    : [];

  const update = (text: string, caret: number) => {
    onChange(text, [...mentions]);
    setPicking(mentionQueryAt(text, caret));
  };
  const pick = (user: TMention) => {
    if (!picking) return;
    const end = picking.start + picking.query.length + 1;
    const insert = `@${user.name} `;
    const text = value.slice(0, picking.start) + insert + value.slice(end);
    const next = mentions.some((m) => m.id === user.id) ? [...mentions] : [...mentions, user];
    onChange(text, next);
    setPicking(null);
    const caret = picking.start + insert.length;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div style={{ position: "relative" }}>
      <Textarea
        ref={ref}
        label={label}
        description="Type @ to mention a colleague"
        placeholder={placeholder}
        autosize
        minRows={minRows}
        maxRows={12}
        value={value}
        error={error}
        onChange={(e) => update(e.currentTarget.value, e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          if (!picking) return;
          if (e.key === "Escape") {
            e.stopPropagation();
            setPicking(null);
          } else if ((e.key === "Enter" || e.key === "Tab") && matches[0]) {
            e.preventDefault();
            pick(matches[0]);
          }
        }}
        onBlur={() => setTimeout(() => setPicking(null), 150)}
        data-testid="comment-body"
      />
      {picking && matches.length > 0 ? (
        <Paper
          withBorder
          shadow="md"
          p={4}
          role="listbox"
          aria-label="Mention a colleague"
          style={{ position: "absolute", zIndex: 400, left: 0, right: 0, maxWidth: 320 }}
        >
          <Stack gap={0}>
            {matches.map((u) => (
              <UnstyledButton
                key={u.id}
                role="option"
                aria-selected={false}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(u);
                }}
                px="xs"
                py={4}
                style={{ borderRadius: 4 }}
              >
                <Text size="sm">{u.name}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </div>
  );
};
