import { Anchor, Text } from "@mantine/core";
import type { TNotification } from "./notifications-api";

/** Body of a pop-up notice: the texts and, when there is one, a way to the item. */
export const PopupMessage = ({ notification }: { notification: TNotification }) => {
  const a = notification.attributes;
  return (
    <>
      <Text size="sm">{a.primary_text}</Text>
      {a.secondary_text ? (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {a.secondary_text}
        </Text>
      ) : null}
      {a.item_link ? (
        <Anchor href={a.item_link} target="_blank" rel="noopener noreferrer" size="xs" fw={500}>
          Open
        </Anchor>
      ) : null}
    </>
  );
};
