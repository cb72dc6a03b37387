import { Badge, ColorSwatch, Stack, Text, Tooltip } from "@mantine/core";
import { daysLeft, RESULT_COLOURS } from "./record-display";

const LABELS: Readonly<Record<string, string>> = { valid: "Valid", expiring: "Expiring", expired: "Expired" };

/**
 * A document's validity, or an applicant's (valid_state, with valid_states per kind in the
 * tooltip): green valid, orange expiring inside the warning lines, red expired. The applicants'
 * list and details may show it for `valid_state` (docs/records.md "Validity").
 */
export const ValidityMark = ({
  state,
  states,
  line,
  validUntil,
  dot = false,
}: {
  state: unknown;
  states?: unknown;
  /** The kind's warning line in days (the tooltip says from when it warns). */
  line?: unknown;
  /** The document's end: the badge counts the days left from it, as "Expires in … days" does. */
  validUntil?: unknown;
  dot?: boolean;
}) => {
  const left = daysLeft(validUntil);
  if (typeof state !== "string" || !LABELS[state]) return null;
  const kinds =
    typeof states === "object" && states !== null
      ? Object.entries(states).filter(([, v]) => v !== "valid")
      : [];
  // In a list row a dot is enough: the table has no room for a word per row.
  const badge = dot ? (
    <ColorSwatch
      component="span"
      size={12}
      color={`var(--mantine-color-${RESULT_COLOURS[state] ?? "gray"}-6)`}
      withShadow={false}
      aria-label={`Documents: ${(LABELS[state] ?? state).toLowerCase()}`}
      data-validity={state}
    />
  ) : (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={RESULT_COLOURS[state] ?? "gray"}
      data-validity={state}
    >
      {LABELS[state]}
      {state === "expiring" && left !== null && left >= 0 ? ` · ${left} d` : ""}
    </Badge>
  );
  if (!dot && state === "expiring" && typeof line === "number" && line > 0 && !kinds.length)
    return <Tooltip label={`Warned from ${line} days before it expires`}>{badge}</Tooltip>;
  if (!kinds.length)
    return dot ? (
      <Tooltip label={`Documents ${(LABELS[state] ?? state).toLowerCase()}`}>{badge}</Tooltip>
    ) : (
      badge
    );
  return (
    <Tooltip
      multiline
      w={280}
      label={
        <Stack gap={2}>
          {kinds.map(([kind, value]) => (
            <Text key={kind} size="xs">
              {kind}: {typeof value === "string" ? (LABELS[value] ?? value).toLowerCase() : ""}
            </Text>
          ))}
        </Stack>
      }
    >
      {badge}
    </Tooltip>
  );
};
