import { Button, Group, Modal, Skeleton, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import { deleteRecord } from "../data/resource-client";
import { invalidateResource, resourceKeys, useResourceRecord } from "../data/use-resource-queries";
import type { TScreenConfig } from "../screen-config";
import { useBackToList } from "./use-back-to-list";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";

/** {base}/:id/delete: a confirmation over the list naming what goes away. */
export const DeleteRoute = ({ config }: { config: TScreenConfig }) => {
  const { id = "" } = useParams();
  const back = useBackToList(config.base);
  return <DeleteDialog config={config} id={id} onClose={back} />;
};

/** The confirmation of one record's delete; after it the lists reload, the notice shows and it closes. */
export const DeleteDialog = ({ config, id, onClose: back }: { config: TScreenConfig; id: string; onClose: () => void }) => {
  const { def, messages } = config;
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const existing = useResourceRecord(def, id, []);
  useRedirectOnError(existing.error);
  const [deleting, setDeleting] = useState(false);
  const name = existing.data ? recordTitle(existing.data.record, def.titleAttribute) : undefined;

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteRecord(def, id);
    } catch (error) {
      setDeleting(false);
      handleError(error);
      return;
    }
    queryClient.removeQueries({ queryKey: resourceKeys.one(def.type, id) });
    await invalidateResource(queryClient, def.type);
    notifySuccess(messages.deleted);
    back();
  };

  return (
    <Modal opened onClose={back} title={`Delete ${def.label.one.toLowerCase()}`} size="md" styles={{ title: { fontWeight: 650, fontSize: 18 } }}>
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
        <Button color="red" onClick={() => void confirm()} loading={deleting} disabled={name === undefined}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
};
