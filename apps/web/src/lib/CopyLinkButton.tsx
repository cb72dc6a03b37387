import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

/** A small copy button for a link staff pass on (survey links, application forms, Telegram). */
export const CopyLinkButton = ({ value, label = "Copy the link" }: { value: string; label?: string }) => (
  <CopyButton value={value}>
    {({ copied, copy }) => (
      <Tooltip label={copied ? "Copied" : label}>
        <ActionIcon variant="subtle" onClick={copy} aria-label={label}>
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      </Tooltip>
    )}
  </CopyButton>
);
