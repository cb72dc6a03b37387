import { applicants } from "@crew/contracts";
import { ActionIcon, Button } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { z } from "zod";
import { runAction, saveFile } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import type { TListQuery } from "../../resources/list-state/list-query";
import { actionQueryOf } from "./list-query-input";

const ZTaskAnswer = z.object({ data: z.object({ id: z.string(), type: z.literal("background_tasks") }) });

/**
 * Exports the list as it stands (filters, search, sort) to .xlsx: a small list downloads at
 * once; a large one is queued and `onQueued` follows its progress to the download.
 */
export const ExportButton = ({
  query,
  onQueued,
}: {
  query: TListQuery;
  onQueued: (taskId: string) => void;
}) => {
  const exporting = useResourceMutation({
    mutationFn: () => runAction(applicants, "index_xlsx", { input: actionQueryOf(query) }),
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
      else if (answer.kind === "json") onQueued(ZTaskAnswer.parse(answer.body).data.id);
    },
  });
  const busy = exporting.isPending;
  const run = () => exporting.mutate();
  return (
    <>
      <Button
        visibleFrom="xs"
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy}
        onClick={run}
      >
        Export
      </Button>
      <ActionIcon
        hiddenFrom="xs"
        variant="default"
        size="input-sm"
        loading={busy}
        onClick={run}
        aria-label="Export"
      >
        <IconFileSpreadsheet size={18} />
      </ActionIcon>
    </>
  );
};
