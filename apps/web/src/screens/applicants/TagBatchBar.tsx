import { TAG_BATCH_LIMIT, applicants } from "@crew/contracts";
import { Autocomplete, Button, Group, SegmentedControl, Text } from "@mantine/core";
import { IconTag, IconTagOff } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import { runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import type { TListQuery } from "../../resources/list-state/list-query";
import type { TRowSelection } from "../../resources/list/row-selection";
import { actionQueryOf } from "./list-query-input";
import { useApplicantChoices } from "./use-applicant-choices";
import { formatNumber } from "../../lib/numbers";

const ZTaskAnswer = z.object({ data: z.object({ id: z.string(), type: z.literal("background_tasks") }) });
export const QUEUED_NOTICE = "The task was successfully added to the queue. This may take a little time.";

export interface TTagBatchBarProps {
  selection: TRowSelection;
  query: TListQuery;
  /** How many applicants the current filter and search match. */
  total: number;
  /** The task is queued: the screen leaves multi-select mode, reloads and follows the task. */
  onQueued: (taskId: string, label: string) => void;
}

/**
 * Multi-select mode's bar (spec 001 §4): a tag, the applicants (the rows ticked, or everything
 * the filter and search match, up to 10,000) and assign or remove; one queued job either way.
 */
export const TagBatchBar = ({ selection, query, total, onQueued }: TTagBatchBarProps) => {
  const choices = useApplicantChoices();
  const [tag, setTag] = useState("");
  const [scope, setScope] = useState<"selected" | "matching">("selected");
  const count = scope === "selected" ? selection.selected.size : Math.min(total, TAG_BATCH_LIMIT);

  const batch = useResourceMutation<"assign_tag" | "remove_tag", z.infer<typeof ZTaskAnswer>>({
    mutationFn: (action) => {
      const input =
        scope === "selected"
          ? { tag: tag.trim(), userId: [...selection.selected].join(",") }
          : { tag: tag.trim(), ...actionQueryOf(query) };
      return runActionFor(applicants, action, { input }, ZTaskAnswer);
    },
    notice: QUEUED_NOTICE,
    onSuccess: (answer, action) => {
      selection.clear();
      onQueued(
        answer.data.id,
        action === "assign_tag" ? `Tagging with "${tag.trim()}"` : `Removing "${tag.trim()}"`,
      );
    },
  });
  const busy = batch.isPending ? batch.variables : null;
  const run = (action: "assign_tag" | "remove_tag") => batch.mutate(action);

  const ready = tag.trim() !== "" && count > 0 && busy === null;
  return (
    <Group
      gap="sm"
      px="md"
      py="xs"
      wrap="wrap"
      bg="var(--mantine-color-blue-light)"
      role="toolbar"
      aria-label="Tag applicants"
    >
      <SegmentedControl
        size="xs"
        value={scope}
        onChange={(v) => setScope(v === "matching" ? "matching" : "selected")}
        data={[
          { value: "selected", label: `Selected (${selection.selected.size})` },
          { value: "matching", label: `All matching (${Math.min(total, TAG_BATCH_LIMIT)})` },
        ]}
      />
      <Autocomplete
        size="xs"
        aria-label="Tag"
        placeholder="Tag"
        value={tag}
        onChange={setTag}
        data={(choices.data?.tags ?? []).map((t) => t.name)}
        limit={20}
        w={200}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        size="xs"
        leftSection={<IconTag size={14} />}
        disabled={!ready}
        loading={busy === "assign_tag"}
        onClick={() => run("assign_tag")}
      >
        Assign tag
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTagOff size={14} />}
        disabled={!ready}
        loading={busy === "remove_tag"}
        onClick={() => run("remove_tag")}
      >
        Remove tag
      </Button>
      {scope === "matching" && total > TAG_BATCH_LIMIT ? (
        <Text size="xs" c="dimmed">
          The first {formatNumber(TAG_BATCH_LIMIT)} of {formatNumber(total)} in the list's order.
        </Text>
      ) : null}
    </Group>
  );
};
