import { manningScales } from "@crew/contracts";
import type { DropResult } from "@hello-pangea/dnd";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconArchive,
  IconArrowBackUp,
  IconCheck,
  IconCopy,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { firstErrorMessage, isApiError, recordOf } from "../../api";
import { fieldErrorsOf } from "../../errors/field-errors";
import { noticeLines, notifyError } from "../../notices";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { SortableStack } from "../../lib/SortableStack";
import { useSession } from "../../session/use-session";
import { CopyScaleDialog, type TCopyMode } from "./CopyScaleDialog";
import { movedRows, useManningScale } from "./use-manning-scale";
import { FLEET_NOTICES } from "./vessel-messages";
import classes from "./vessels.module.css";

/** Waits this long after the last change (arrows, typing) before saving the offer. */
const OFFER_SAVE_DELAY = 700;

/**
 * The offer of one row. Every change is saved, however it was made: typed (on leaving the field,
 * Enter, or a pause) or stepped with the arrows (the arrows never focus the field, so waiting for
 * it to be left lost their change, issue 22). The saved state shows beside it.
 */
const OfferInput = ({
  row,
  enabled,
  onSave,
}: {
  row: TResourceRecord;
  enabled: boolean;
  onSave: (value: number | null) => Promise<string | undefined>;
}) => {
  const name = recordOf(manningScales, row).attributes.name;
  const stored = recordOf(manningScales, row).attributes.template_offer ?? null;
  const saved = useRef<number | null>(stored);
  const [value, setValue] = useState<number | string>(saved.current ?? "");
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = async (raw: number | string) => {
    clearTimeout(timer.current);
    const next = raw === "" ? null : Number(raw);
    if (next === saved.current || (next !== null && Number.isNaN(next))) return;
    setState("saving");
    const failed = await onSave(next);
    setError(failed);
    if (failed) {
      setState("idle");
      return;
    }
    saved.current = next;
    setState("saved");
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // The row's offer changed elsewhere (a vacancy's offer, another user): show it.
  useEffect(() => {
    if (stored === saved.current) return;
    saved.current = stored;
    setValue(stored ?? "");
  }, [stored]);
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={`Offer of ${name}`}
        size="xs"
        w={130}
        min={0}
        step={50}
        thousandSeparator=" "
        prefix="$ "
        value={value}
        disabled={!enabled}
        error={error}
        onChange={(next) => {
          setValue(next);
          setState("idle");
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void commit(next), OFFER_SAVE_DELAY);
        }}
        onBlur={() => void commit(value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
        }}
      />
      <span style={{ width: 16, display: "inline-flex" }} aria-live="polite">
        {state === "saving" ? <Loader size={12} aria-label={`Saving the offer of ${name}`} /> : null}
        {state === "saved" ? (
          <Tooltip label="Saved">
            <IconCheck
              size={14}
              color="var(--mantine-color-teal-6)"
              aria-label={`Offer of ${name} saved`}
              data-testid="offer-saved"
            />
          </Tooltip>
        ) : null}
      </span>
    </Group>
  );
};

/**
 * A vessel's manning scale (spec 002 §4, §7): the ranks it needs in crewing order. Add a
 * rank, drag rows to reorder (the list re-sorts at once and comes back if the server
 * refuses), edit the offer in place (saved as it changes), archive rows (superusers see and
 * restore archived ones), delete, and copy another vessel's active rows (asked first: replace
 * or add, with the resulting scale shown).
 */
export const ManningScaleTab = ({ vesselId }: { vesselId: string }) => {
  const { can } = useSession();
  const scale = useManningScale(vesselId);
  const [rankId, setRankId] = useState<string | null>(null);
  const [rankLabel, setRankLabel] = useState("");
  const [offer, setOffer] = useState<number | string>("");
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [copyFromName, setCopyFromName] = useState("");
  const [asking, setAsking] = useState(false);
  const mayCreate = can("vessels.manningScales", "create");
  const mayUpdate = can("vessels.manningScales", "update");
  const mayDelete = can("vessels.manningScales", "delete");
  const rows = scale.rows.data?.data ?? [];

  const adding = useResourceMutation<{ rankId: string; offer: number | null; label: string }>({
    mutationFn: (v) => scale.addRank(v.rankId, v.offer),
    notice: (_, v) => FLEET_NOTICES.rankAdded(v.label),
    invalidates: [manningScales.type],
    onSuccess: () => {
      setRankId(null);
      setOffer("");
    },
  });
  const add = async () => {
    if (!rankId) return;
    await adding
      .mutateAsync({ rankId, offer: offer === "" ? null : Number(offer), label: rankLabel })
      .catch(() => undefined);
  };

  const copying = useResourceMutation<{ from: string; mode: TCopyMode }>({
    mutationFn: (v) => scale.copyFrom(v.from, v.mode),
    notice: FLEET_NOTICES.scaleCopied,
    invalidates: [manningScales.type],
    onSuccess: () => {
      setAsking(false);
      setCopyFrom(null);
    },
    // Spec 002 §8: the API's errors are shown, all of them.
    refusal: (error) => {
      notifyError(
        noticeLines(
          isApiError(error) ? error.apiErrors.map((e) => e.detail ?? e.title) : [firstErrorMessage(error)],
        ),
        "Copy failed",
      );
      return true;
    },
  });
  const copy = async (mode: TCopyMode) => {
    if (!copyFrom) return;
    await copying.mutateAsync({ from: copyFrom, mode }).catch(() => undefined);
  };
  const busy = adding.isPending ? "add" : copying.isPending ? "copy" : null;

  const sorting = useResourceMutation<{ id: string; position: number; previous: TListPage | undefined }>({
    mutationFn: (v) => scale.setAttributes(v.id, { crewing_priority: v.position }),
    notice: FLEET_NOTICES.scaleSorted,
    invalidates: [manningScales.type],
    onFailure: (_action, _error, v) => scale.restore(v.previous),
  });
  const onDragEnd = (result: DropResult) => {
    const to = result.destination?.index;
    if (to === undefined) return;
    const moved = rows[result.source.index];
    const target = rows[to];
    const next = movedRows(rows, result.source.index, to);
    if (!moved || !target || !next) return;
    const position = recordOf(manningScales, target).attributes.crewing_priority;
    const previous = scale.showRows(() => next);
    sorting.mutate({ id: moved.id, position, previous });
  };

  // An offer refused on its field says so beside the field; other failures as spec 000 §8.
  const offerSaving = useResourceMutation<{ row: TResourceRecord; value: number | null }>({
    mutationFn: (v) => scale.setAttributes(v.row.id, { template_offer: v.value }),
    notice: FLEET_NOTICES.scaleRowUpdated,
    refusal: (error) => fieldErrorsOf(error).template_offer !== undefined,
  });
  const saveOffer = (row: TResourceRecord, value: number | null): Promise<string | undefined> =>
    offerSaving.mutateAsync({ row, value }).then(
      () => undefined,
      (error: unknown) => {
        const field = fieldErrorsOf(error).template_offer;
        return field ? `Offer ${field}` : undefined;
      },
    );

  const stateSetting = useResourceMutation<{ row: TResourceRecord; state: "active" | "archived" }>({
    mutationFn: (v) => scale.setAttributes(v.row.id, { state: v.state }),
    notice: (_, v) =>
      v.state === "archived" ? FLEET_NOTICES.scaleRowArchived : FLEET_NOTICES.scaleRowRestored,
    // Spec 002 §4: after the archive call the row is archived here at once.
    onSuccess: (_, { row, state }) =>
      scale.showRows((list) =>
        list.map((r) => (r.id === row.id ? { ...r, attributes: { ...r.attributes, state } } : r)),
      ),
  });
  const setState = (row: TResourceRecord, state: "active" | "archived") =>
    stateSetting.mutateAsync({ row, state }).catch(() => undefined);

  const removing = useResourceMutation<string>({
    mutationFn: (id) => scale.removeRow(id),
    notice: FLEET_NOTICES.scaleRowDeleted,
    invalidates: [manningScales.type],
  });

  const confirmDelete = (row: TResourceRecord) =>
    modals.openConfirmModal({
      title: "Delete the row",
      children: (
        <Text size="sm">
          Delete {recordOf(manningScales, row).attributes.name} from the manning scale? Its plans go with it.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => removing.mutate(row.id),
    });

  return (
    <Stack gap="md">
      {mayCreate ? (
        <Paper withBorder p="md" shadow="xs">
          <Group align="flex-end" gap="sm">
            <RelationshipSelect
              label="Rank"
              type="ranks"
              value={rankId}
              placeholder="Choose a rank"
              onChange={setRankId}
              onChangeOption={(o) => setRankLabel(o?.label ?? "")}
              w={240}
            />
            <NumberInput
              label="Offer, USD/month"
              min={0}
              step={50}
              thousandSeparator=" "
              value={offer}
              onChange={setOffer}
              w={160}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void add()}
              disabled={!rankId}
              loading={busy === "add"}
            >
              Add rank
            </Button>
            <Group gap="sm" align="flex-end" ml={{ base: 0, md: "auto" }}>
              <RelationshipSelect
                label="Copy from vessel"
                type="vessels"
                value={copyFrom}
                placeholder="Another vessel"
                onChange={setCopyFrom}
                onChangeOption={(o) => setCopyFromName(o?.label ?? "")}
                exclude={[vesselId]}
                w={240}
              />
              <Button
                variant="light"
                leftSection={<IconCopy size={16} />}
                onClick={() => setAsking(true)}
                disabled={!copyFrom || copyFrom === vesselId}
              >
                Copy…
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {asking && copyFrom ? (
        <CopyScaleDialog
          vesselId={vesselId}
          fromId={copyFrom}
          fromName={copyFromName}
          busy={busy === "copy"}
          onConfirm={(mode) => void copy(mode)}
          onClose={() => setAsking(false)}
        />
      ) : null}
      <Paper withBorder shadow="xs">
        <Group justify="space-between" px="md" py="sm">
          <Title order={3} fz="md" fw={650}>
            Manning scale
          </Title>
          <Text size="sm" c="dimmed">
            {rows.filter((r) => recordOf(manningScales, r).attributes.state === "active").length} ranks
          </Text>
        </Group>
        {scale.rows.isLoading ? (
          <Text px="md" pb="md" c="dimmed">
            Loading…
          </Text>
        ) : null}
        {!scale.rows.isLoading && rows.length === 0 ? (
          <Text px="md" pb="md" c="dimmed">
            No ranks yet: add the first one above, or copy another vessel's scale.
          </Text>
        ) : null}
        <SortableStack
          droppableId={`manning-scale-${vesselId}`}
          items={rows}
          keyOf={(r) => r.id}
          onDragEnd={onDragEnd}
          isDragDisabled={() => !mayUpdate}
          itemClassName={(dragging) =>
            dragging ? `${classes.scaleRow} ${classes.dragging}` : classes.scaleRow
          }
          itemTestId="scale-row"
        >
          {(row, drag) => {
            const { name, crewing_priority: position, state } = recordOf(manningScales, row).attributes;
            const archived = state === "archived";
            return (
              <Group
                gap="sm"
                wrap="nowrap"
                px="md"
                py={6}
                data-archived={archived || undefined}
                className={classes.scaleRowInner}
              >
                <span {...drag.handleProps} className={classes.grip} aria-label={`Reorder ${name}`}>
                  <IconGripVertical size={16} />
                </span>
                {/* On a phone the offer and the buttons move under the rank rather than squeeze its name. */}
                <Group gap="xs" justify="space-between" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="sm" wrap="nowrap" miw={150} style={{ flex: 1 }}>
                    <Text size="sm" c="dimmed" w={24} ta="right">
                      {position}
                    </Text>
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {archived ? (
                      <Badge size="sm" color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : null}
                  </Group>
                  <Group gap="xs" wrap="nowrap" ml="auto">
                    <OfferInput
                      key={row.id}
                      row={row}
                      enabled={mayUpdate && !archived}
                      onSave={(value) => saveOffer(row, value)}
                    />
                    {mayUpdate ? (
                      <Tooltip label={archived ? "Restore" : "Archive"}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`${archived ? "Restore" : "Archive"} ${name}`}
                          onClick={() => void setState(row, archived ? "active" : "archived")}
                        >
                          {archived ? <IconArrowBackUp size={16} /> : <IconArchive size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {mayDelete ? (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${name}`}
                          onClick={() => confirmDelete(row)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Group>
              </Group>
            );
          }}
        </SortableStack>
      </Paper>
    </Stack>
  );
};
