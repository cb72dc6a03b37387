import { vessels } from "@crew/contracts";
import { Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { IconPhoto, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { isApiError, recordOf, uploadErrorMessage, uploadToAction } from "../../api";
import { notifyError } from "../../notices";
import type { TOneRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useFileObjectUrl } from "../../resources/fields/use-file-object-url";
import { useSession } from "../../session/use-session";
import { FLEET_NOTICES } from "./vessel-messages";
import classes from "./vessels.module.css";

/**
 * The vessel's photo: shown through the session (the file is fetched, not linked), replaced
 * with POST /api/vessels/update_photo. The server recognises JPEG, PNG or WebP by content.
 */
export const PhotoTab = ({ one }: { one: TOneRecord }) => {
  const { can } = useSession();
  const { name, photo } = recordOf(vessels, one.record).attributes;
  const { src, failed } = useFileObjectUrl(photo?.url);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const uploading = useResourceMutation<File>({
    mutationFn: (file) =>
      uploadToAction(vessels, "update_photo", { id: one.record.id }, "photo", file, (p) =>
        setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0),
      ),
    notice: FLEET_NOTICES.photoUpdated,
    invalidates: [vessels.type],
    onSuccess: () => setProgress(null),
    // The file's own problems (not a picture, too large) show beside it; the rest by spec 000 §8.
    refusal: (e, file) => {
      if (isApiError(e) && e.status !== 422 && e.status !== 413) return false;
      const message = uploadErrorMessage(e, file);
      setError(message);
      notifyError(message);
      return true;
    },
    onFailure: () => setProgress(null),
  });

  const upload = (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    uploading.mutate(file);
  };

  return (
    <Paper withBorder shadow="xs" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" fw={650}>
            Photo
          </Title>
          {can("vessels", "update") ? (
            <FileButton onChange={upload} accept="image/jpeg,image/png,image/webp">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={progress !== null}
                  variant="light"
                >
                  {photo ? "Replace photo" : "Upload photo"}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        {progress !== null ? <Progress value={progress} aria-label="Upload progress" /> : null}
        {error ? (
          <Text c="red" size="sm">
            {error}
          </Text>
        ) : null}
        {src ? (
          <img src={src} alt={`Photo of ${name}`} className={classes.photo} />
        ) : (
          <Stack align="center" gap={4} py="xl" c="dimmed">
            <IconPhoto size={40} stroke={1.2} />
            <Text size="sm">
              {photo && failed ? "The photo could not be loaded." : "No photo yet. JPEG, PNG or WebP."}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
