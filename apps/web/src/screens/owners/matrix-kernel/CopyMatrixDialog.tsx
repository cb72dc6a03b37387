import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getList, queryKeys } from "../../../api";
import { useResourceMutation } from "../../../resources/data/use-resource-mutation";
import { refId, savedIdOf, str, type TMatrixKind } from "./matrix-kernel";

/** Copy another owner's matrix of the kind as this owner's new current one (copy_matrix). */
export const CopyMatrixDialog = <C, V>({
  kind,
  ownerId,
  onClose,
  onSaved,
}: {
  kind: TMatrixKind<C, V>;
  ownerId: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const [source, setSource] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const params = { perPage: 999, include: ["owner"], sort: "title" };
  const all = useQuery({
    queryKey: queryKeys.list(kind.type, params),
    queryFn: ({ signal }) => getList(kind.type, params, signal),
  });
  const options = (all.data?.data ?? [])
    .filter((m) => refId(m, "owner") !== ownerId)
    .map((m) => {
      const owner = all.data?.included.find((r) => r.type === "owners" && r.id === refId(m, "owner"));
      return { value: m.id, label: `${str(owner?.attributes.title)}: ${str(m.attributes.title)}` };
    });
  const copy = useResourceMutation({
    mutationFn: () =>
      kind.api.copy(source ?? "", {
        owner_id: Number(ownerId),
        ...(title.trim() ? { title: title.trim() } : {}),
      }),
    invalidates: kind.invalidates,
    notice: "The matrix is copied and current",
    onSuccess: (answer) => onSaved(savedIdOf(answer) ?? ""),
  });
  return (
    <Modal opened onClose={onClose} title={`Copy ${kind.aNoun} from another owner`}>
      <Stack gap="sm">
        <Select
          label="Matrix to start from"
          searchable
          data={options}
          value={source}
          onChange={setSource}
          nothingFoundMessage={all.isLoading ? "Loading…" : "No other owner has a matrix"}
        />
        {kind.copyWithTitle ? (
          <TextInput
            label="Title (default: the same)"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!source} loading={copy.isPending} onClick={() => copy.mutate()}>
            Copy
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
