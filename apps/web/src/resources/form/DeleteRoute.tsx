import { Button, Group, Modal, Skeleton, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { deleteRecord } from "../data/resource-client";
import { useResourceMutation } from "../data/use-resource-mutation";
import { resourceKeys, useResourceRecord } from "../data/use-resource-queries";
import type { TScreenConfig } from "../screen-config";
import { useBackToList, useToList } from "./use-back-to-list";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";

/**
 * {base}/:id/delete (over the list) and {base}/:id/:tab/delete (over the record): a
 * confirmation naming what goes away. Cancel and Esc return to where it was opened; a
 * deleted record's way out is its list.
 */
export const DeleteRoute = ({ config }: { config: TScreenConfig }) => {
  const { id = "" } = useParams();
  const back = useBackToList(config.base);
  const toList = useToList(config.base);
  return <DeleteDialog config={config} id={id} onClose={back} onDeleted={toList} />;
};

/** The confirmation of one record's delete; after it the lists reload, the notice shows and it closes. */
export const DeleteDialog = ({
  config,
  id,
  onClose: back,
  onDeleted,
}: {
  config: TScreenConfig;
  id: string;
  onClose: () => void;
  /** Where to go once deleted (default: where it closes to). */
  onDeleted?: () => void;
}) => {
  const { def, messages } = config;
  const queryClient = useQueryClient();
  const existing = useResourceRecord(def, id, []);
  useRedirectOnError(existing.error);
  const name = existing.data ? recordTitle(existing.data.record, def.titleAttribute) : undefined;
  const deletion = useResourceMutation({
    mutationFn: async () => {
      await deleteRecord(def, id);
      // The record is gone: nothing may read it again from the cache.
      queryClient.removeQueries({ queryKey: resourceKeys.one(def, id) });
    },
    invalidates: [def],
    notice: messages.deleted,
    onSuccess: onDeleted ?? back,
  });
  const deleting = deletion.isPending || deletion.isSuccess;
  const confirm = () => deletion.mutate();

  return (
    <Modal
      opened
      onClose={back}
      title={`Delete ${def.label.one.toLowerCase()}`}
      size="md"
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      {name === undefined ? (
        <Skeleton height={14} width="80%" radius="sm" />
      ) : (
        <Text size="sm">
          <Text span fw={600}>
            {name}
          </Text>{" "}
          will be deleted. This cannot be undone.
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        {/* Focus starts on the harmless choice: Enter must not delete by accident. */}
        <Button variant="default" onClick={back} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={deleting} disabled={name === undefined}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
};
