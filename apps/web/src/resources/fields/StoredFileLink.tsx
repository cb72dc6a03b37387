import { Anchor, Group, Loader, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { downloadFile, type TStoredFile } from "../../api";
import { useResourceMutation } from "../data/use-resource-mutation";
import { formatBytes } from "./file-draft";

/**
 * A stored file's name that downloads it. A plain link cannot carry the session headers, so
 * the click fetches the file and saves it under the name the server gives.
 */
export const StoredFileLink = ({ file, withSize = false }: { file: TStoredFile; withSize?: boolean }) => {
  const download = useResourceMutation({ mutationFn: () => downloadFile(file.url) });
  const busy = download.isPending;
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {busy ? <Loader size={12} /> : <IconPaperclip size={14} style={{ flex: "none" }} />}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => download.mutate()}
        title={`Download ${file.filename}`}
        style={{ overflowWrap: "anywhere", textAlign: "left" }}
      >
        {file.filename}
      </Anchor>
      {withSize ? (
        <Text size="xs" c="dimmed" style={{ flex: "none" }}>
          {formatBytes(file.byte_size)}
        </Text>
      ) : null}
    </Group>
  );
};
