import { useState } from "react";
import { ActionIcon, Anchor, Box, EmptyState, Group, Loader, Modal, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconExternalLink, IconHelp, IconFileOff } from "@tabler/icons-react";
import { usePublicConfig } from "../api/public-config";

/** Help dialog (spec 2.5): the deployment's help document, embedded. */
export const HelpButton = () => {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const url = usePublicConfig().data?.help_document_url ?? null;
  const phone = useMediaQuery("(max-width: 600px)") ?? false;

  return (
    <>
      <Tooltip label="Help">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label="Help"
          onClick={() => setOpened(true)}
          data-testid="help-button"
        >
          <IconHelp size={22} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          setLoaded(false);
        }}
        title={
          <Group gap="sm">
            <span style={{ fontWeight: 650 }}>Help</span>
            {url ? (
              <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  Open in a new tab <IconExternalLink size={14} />
                </Group>
              </Anchor>
            ) : null}
          </Group>
        }
        size="min(1100px, 92vw)"
        fullScreen={phone}
        padding="md"
      >
        {url ? (
          <Box pos="relative" h={phone ? "calc(100dvh - 90px)" : "75vh"}>
            {loaded ? null : (
              <Box pos="absolute" inset={0} style={{ display: "grid", placeItems: "center" }}>
                <Loader type="dots" />
              </Box>
            )}
            <iframe
              src={url}
              title="Help document"
              onLoad={() => setLoaded(true)}
              style={{ width: "100%", height: "100%", border: 0, borderRadius: 8, background: "white" }}
            />
          </Box>
        ) : (
          <EmptyState
            py="xl"
            icon={<IconFileOff size={28} />}
            withIndicatorBackground
            title="No help document yet"
            description="An administrator can link the team's help document in the server settings (HELP_DOCUMENT_URL)."
          />
        )}
      </Modal>
    </>
  );
};
