import { Anchor, Button, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { updateRecord } from "../../resources/data/resource-client";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useResourceRecord } from "../../resources/data/use-resource-queries";
import { useRedirectOnError } from "../../resources/data/use-redirect-on-error";
import { useBackToList, useToList } from "../../resources/form/use-back-to-list";
import { recordTitle } from "../../resources/format";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";

/**
 * /users/:id/delete archives the applicant (docs/decisions.md "Applicants"): the record, its
 * history and its plans stay, the list stops showing it (Filter → With archive shows it again)
 * and the edit form restores it. Removing the record for good is /users/:id/v_delete, for
 * those whose permissions allow users.delete.
 */
export const ArchiveRoute = ({ config }: TScreenProps) => {
  const { def, messages, base } = config;
  const { id = "" } = useParams();
  const back = useBackToList(base);
  const toList = useToList(base);
  const { can } = useSession();
  const existing = useResourceRecord(def, id, []);
  useRedirectOnError(existing.error);
  const name = existing.data ? recordTitle(existing.data.record, def.titleAttribute) : undefined;
  const archived = existing.data?.record.attributes.archived === true;

  const archive = useResourceMutation({
    mutationFn: () => updateRecord(def, id, { attributes: { archived: true }, relationships: {} }),
    invalidates: [def],
    notice: messages.deleted,
    onSuccess: toList,
  });
  const busy = archive.isPending || archive.isSuccess;

  return (
    <Modal
      opened
      onClose={back}
      title="Delete seafarer"
      size="md"
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      {name === undefined ? (
        <Skeleton height={14} width="80%" radius="sm" />
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <Text span fw={600}>
              {name}
            </Text>{" "}
            {archived
              ? "is already archived."
              : "will be archived: the list no longer shows the seafarer, the record and its history stay."}
          </Text>
          <Text size="xs" c="dimmed">
            Filter → With archive → Show archived lists archived seafarers; Edit restores one.
          </Text>
          {can(def.permission, "delete") ? (
            <Anchor component={Link} to={`${base}/${id}/v_delete`} size="sm" c="red">
              Remove the record for good instead
            </Anchor>
          ) : null}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={back} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => archive.mutate()}
          loading={busy}
          disabled={name === undefined || archived}
        >
          Delete
        </Button>
      </Group>
    </Modal>
  );
};
