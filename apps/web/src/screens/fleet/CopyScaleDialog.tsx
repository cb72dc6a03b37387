import { manningScales } from "@crew/contracts";
import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { recordOf } from "../../api";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { useManningScale } from "./use-manning-scale";

export type TCopyMode = "add" | "replace";

/** The rank title of a scale row (from its included rank), else its name without the number. */
const rankOf = (row: TResourceRecord, page: TListPage | undefined): string => {
  const link = row.relationships?.role?.data;
  const rank = link && !Array.isArray(link) ? page?.included?.get(`ranks:${link.id}`) : undefined;
  const title = rank?.attributes?.title;
  return typeof title === "string"
    ? title
    : (recordOf(manningScales, row).attributes.name ?? "").replace(/ \d+$/, "");
};

const activeOf = (page: TListPage | undefined): TResourceRecord[] =>
  (page?.data ?? []).filter((r) => recordOf(manningScales, r).attributes.state === "active");

/** Names as the server gives them: a rank that occurs more than once is numbered ("AB 1", "AB 2"). */
export const numbered = (ranks: readonly string[]): string[] => {
  const totals = new Map<string, number>();
  for (const r of ranks) totals.set(r, (totals.get(r) ?? 0) + 1);
  const seen = new Map<string, number>();
  return ranks.map((r) => {
    if ((totals.get(r) ?? 0) < 2) return r;
    const n = (seen.get(r) ?? 0) + 1;
    seen.set(r, n);
    return `${r} ${n}`;
  });
};

interface TProps {
  vesselId: string;
  fromId: string;
  fromName: string;
  busy: boolean;
  onConfirm: (mode: TCopyMode) => void;
  onClose: () => void;
}

/**
 * Asks before a manning scale is copied (issue 22): with rows already on the scale, whether the
 * copy replaces them (they are archived, their plans stay) or is added after them, and shows the
 * scale that will result.
 */
export const CopyScaleDialog = ({ vesselId, fromId, fromName, busy, onConfirm, onClose }: TProps) => {
  const target = useManningScale(vesselId);
  const source = useManningScale(fromId);
  const current = activeOf(target.rows.data);
  const copies = activeOf(source.rows.data);
  const [mode, setMode] = useState<TCopyMode>("replace");
  const loading = target.rows.isLoading || source.rows.isLoading;
  const kept = current.length > 0 && mode === "add" ? current.map((r) => rankOf(r, target.rows.data)) : [];
  const result = numbered([...kept, ...copies.map((r) => rankOf(r, source.rows.data))]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Copy the manning scale of ${fromName}`}
      size="md"
      data-testid="copy-scale"
    >
      <Stack>
        {loading ? (
          <Text c="dimmed" size="sm">
            Loading both scales…
          </Text>
        ) : null}
        {!loading && copies.length === 0 ? (
          <Alert color="orange">{fromName} has no active ranks to copy.</Alert>
        ) : null}
        {!loading && current.length > 0 && copies.length > 0 ? (
          <Radio.Group
            value={mode}
            onChange={(v) => setMode(v === "add" ? "add" : "replace")}
            label={`This vessel has ${current.length} ranks already`}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="replace"
                label={`Replace them: they are archived (their plans stay) and the ${copies.length} ranks of ${fromName} take their place`}
              />
              <Radio value="add" label={`Add the ${copies.length} ranks of ${fromName} after them`} />
            </Stack>
          </Radio.Group>
        ) : null}
        {!loading && copies.length > 0 ? (
          <div data-testid="copy-scale-result">
            <Text size="sm" fw={600}>
              The manning scale will be ({result.length} ranks):
            </Text>
            <List size="sm" type="ordered" mah={260} style={{ overflowY: "auto" }}>
              {result.map((name, i) => (
                <List.Item key={`${name}-${i}`}>{name}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => onConfirm(current.length > 0 ? mode : "add")}
            loading={busy}
            disabled={loading || copies.length === 0}
            data-testid="copy-scale-confirm"
          >
            {current.length > 0 && mode === "replace" ? "Replace the scale" : "Copy"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
