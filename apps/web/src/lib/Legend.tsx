import { ActionIcon, Button, Group, Popover, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { useNarrowScreen } from "./use-narrow-screen";

export interface TLegendEntry {
  /** The mark as the screen draws it (a symbol, a swatch). */
  mark: ReactNode;
  /** What it means, as a sentence. */
  text: string;
}

/**
 * What a screen's marks mean (issue 22 point 19): a "Legend" button opening the list of its
 * symbols, colours and arrows beside their meaning, so none has to be guessed.
 */
export const Legend = ({
  title,
  entries,
  testId,
  size = "xs",
}: {
  title: string;
  entries: readonly TLegendEntry[];
  testId?: string;
  /** The height of the buttons beside it: xs in the planner's toolbar, sm in a list's. */
  size?: "xs" | "sm";
}) => {
  const titleId = useId();
  // On a phone an icon: the word would squeeze the search beside it.
  const narrow = useNarrowScreen();
  return (
    <Popover width={340} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        {narrow ? (
          <ActionIcon
            variant="default"
            size={size === "sm" ? "input-sm" : "input-xs"}
            aria-label="Legend"
            data-testid={testId}
          >
            <IconInfoCircle size={16} />
          </ActionIcon>
        ) : (
          <Button
            size={size}
            variant="default"
            leftSection={<IconInfoCircle size={16} />}
            data-testid={testId}
          >
            Legend
          </Button>
        )}
      </Popover.Target>
      {/* Named by its title, not by the button that opens it. */}
      <Popover.Dropdown aria-labelledby={titleId}>
        <Text size="sm" fw={600} mb={6} id={titleId}>
          {title}
        </Text>
        <Stack gap={6}>
          {entries.map((e) => (
            <Group key={e.text} gap="sm" wrap="nowrap" align="center">
              <Group w={64} justify="center" gap={0} style={{ flexShrink: 0 }} aria-hidden>
                {e.mark}
              </Group>
              <Text size="sm">{e.text}</Text>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
