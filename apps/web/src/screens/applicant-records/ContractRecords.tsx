import {
  seaService,
  seaServiceVerifications,
  applicantPerformances,
  type TResourceDef,
} from "@crew/contracts";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconPencil, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { z } from "zod";
import { createManyReference, recordOf, runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { formatDate, formatDateTime } from "@crew/contracts";
import { useManyReference } from "../../resources/data/use-many-reference";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { relatedTitle } from "../../resources/list/columns";
import { DeleteDialog } from "../../resources/form/DeleteRoute";
import type { TPayload } from "../../resources/form/form-model";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { ResourceFormDialog } from "../../resources/form/ResourceFormDialog";
import { StoredFileLink } from "../../resources/fields/StoredFileLink";
import { defaultQuery } from "../../resources/list-state/list-query";
import { screenConfigOf } from "../../resources/screen-config";
import { useSession } from "../../session/use-session";
import { PERFORMANCE_MESSAGES, VERIFICATION_MESSAGES } from "./record-messages";
import { periodText, RESULT_COLOURS } from "./record-display";

/** Spec 001 §9: the wait after a performance record is made before the contract is read again. */
const PERFORMANCE_WAIT_MS = 1000;

type TDialog = { kind: "new" | "edit" | "delete"; def: TResourceDef; id?: string } | null;

const optionLabel = (def: TResourceDef, attribute: string, value: unknown): string =>
  def.attributes[attribute]?.options?.find((o) => o.value === value)?.label ??
  (typeof value === "string" ? value : "");

const ZCoincidences = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      attributes: z.record(z.string(), z.unknown()),
      relationships: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  included: z
    .array(z.object({ id: z.string(), type: z.string(), attributes: z.record(z.string(), z.unknown()) }))
    .optional(),
});
type TCoincidences = z.infer<typeof ZCoincidences>;

/** Other applicants in the same rank on the same ship at the same time (check_coincidences). */
const Coincidences = ({ serviceId }: { serviceId: string }) => {
  const [found, setFound] = useState<TCoincidences | null>(null);
  // A question the server answers (POST, nothing written): no notice, nothing to reload.
  const checking = useResourceMutation<void, TCoincidences>({
    mutationFn: () =>
      runActionFor(seaService, "check_coincidences", { id: serviceId, input: {} }, ZCoincidences),
    onSuccess: setFound,
  });
  const busy = checking.isPending;
  const check = () => checking.mutateAsync().catch(() => undefined);
  const userOf = (row: TCoincidences["data"][number]) => {
    const link = row.relationships?.user;
    const id =
      typeof link === "object" &&
      link !== null &&
      "data" in link &&
      typeof link.data === "object" &&
      link.data !== null &&
      "id" in link.data
        ? String(link.data.id)
        : "";
    const user = found?.included?.find((r) => r.type === "users" && r.id === id);
    const name = user?.attributes.full_name;
    return { id, name: typeof name === "string" ? name : `Applicant #${id}` };
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Two people in the same rank on the same ship at the same time: the classic sign of a forged record.
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSearch size={14} />}
          loading={busy}
          onClick={() => void check()}
        >
          Check coincidences
        </Button>
      </Group>
      {found && found.data.length === 0 ? (
        <Text size="sm" c="teal">
          No other applicant served in this rank on this ship at that time.
        </Text>
      ) : null}
      {found && found.data.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`${found.data.length} coinciding record${found.data.length === 1 ? "" : "s"}`}
        >
          <Stack gap={4} data-testid="coincidences">
            {found.data.map((row) => {
              const user = userOf(row);
              return (
                <Text key={row.id} size="sm">
                  <Anchor component={Link} to={`/users/${user.id}/experiences`}>
                    {user.name}
                  </Anchor>
                  {` — ${typeof row.attributes.vessel_name === "string" ? row.attributes.vessel_name : ""}, ${periodText(row.attributes.date_on, row.attributes.date_off)}`}
                </Text>
              );
            })}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
};

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Paper withBorder p="md" radius="md">
    <Group justify="space-between" mb="sm">
      <Title order={4} fz="md">
        {title}
      </Title>
      {action}
    </Group>
    {children}
  </Paper>
);

const RowButtons = ({
  def,
  record,
  onEdit,
  onDelete,
}: {
  def: TResourceDef;
  record: TResourceRecord;
  onEdit?: () => void;
  onDelete?: () => void;
}) => {
  const { can } = useSession();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && can(def.permission, "update") ? (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${def.label.one.toLowerCase()} ${record.id}`}
            onClick={onEdit}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete && can(def.permission, "delete") ? (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${def.label.one.toLowerCase()} ${record.id}`}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
};

const ALL = { ...defaultQuery("-created_at"), perPage: 999 };

/** Verifications of one contract, newest first, with their author (spec 001 §7). */
const Verifications = ({ serviceId, open }: { serviceId: string; open: (d: TDialog) => void }) => {
  const def = seaServiceVerifications;
  const ref = { parentType: "expiriences", parentId: serviceId, path: "verifications" };
  const result = useManyReference(def, ref, ALL, ["author"]);
  const rows = result.data?.data ?? [];
  return rows.length === 0 ? (
    <Text size="sm" c="dimmed">
      {result.isLoading ? "Loading…" : "Not verified yet."}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} fz="sm" data-testid="verifications">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Result</Table.Th>
            <Table.Th>Contacted</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((record) => {
            const a = recordOf(def, record).attributes;
            return (
              <Table.Tr key={record.id}>
                <Table.Td>
                  <Badge color={RESULT_COLOURS[a.result] ?? "gray"} variant="light" radius="sm" tt="none">
                    {optionLabel(def, "result", a.result)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(a.verified_on) || formatDate(a.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{[a.contact_person, a.contact_company].filter(Boolean).join(", ")}</Text>
                  <Text size="xs" c="dimmed">
                    {a.contact_details ?? ""}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.comment ?? ""}</Text>
                  {a.file ? <StoredFileLink file={a.file} /> : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{relatedTitle(record, "author", result.data?.included ?? new Map())}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(a.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowButtons
                    def={def}
                    record={record}
                    onEdit={() => open({ kind: "edit", def, id: record.id })}
                    onDelete={() => open({ kind: "delete", def, id: record.id })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Performance records of one contract: appraisals, promotions, commendations, warnings. */
const Performance = ({ serviceId, open }: { serviceId: string; open: (d: TDialog) => void }) => {
  const def = applicantPerformances;
  const ref = { parentType: "expiriences", parentId: serviceId, path: "performances" };
  const result = useManyReference(def, ref, ALL, ["author", "role"]);
  const rows = result.data?.data ?? [];
  const included = result.data?.included ?? new Map();
  return rows.length === 0 ? (
    <Text size="sm" c="dimmed">
      {result.isLoading ? "Loading…" : "No performance records."}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} fz="sm" data-testid="performances">
        <Table.Tbody>
          {rows.map((record) => {
            const a = recordOf(def, record).attributes;
            const rank = relatedTitle(record, "role", included);
            return (
              <Table.Tr key={record.id}>
                <Table.Td w={150}>
                  <Badge color={RESULT_COLOURS[a.doc_type] ?? "gray"} variant="light" radius="sm" tt="none">
                    {optionLabel(def, "doc_type", a.doc_type)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(a.date) || formatDate(a.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {[
                      a.doc_type === "promotion" && rank ? `Promoted to ${rank}` : "",
                      typeof a.rating === "number" ? `Mark ${a.rating} of 5` : "",
                      a.comment ?? "",
                    ]
                      .filter(Boolean)
                      .join(". ")}
                  </Text>
                  {a.file ? <StoredFileLink file={a.file} /> : null}
                </Table.Td>
                <Table.Td w={160}>
                  <Text size="sm">{relatedTitle(record, "author", included)}</Text>
                </Table.Td>
                <Table.Td w={50}>
                  <RowButtons
                    def={def}
                    record={record}
                    onDelete={() => open({ kind: "delete", def, id: record.id })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

export interface TContractRecordsProps {
  service: TResourceRecord | undefined;
  title: string;
  onClose: () => void;
}

/**
 * One contract's checks in a side panel (spec 001 "Experience verification", "Performance
 * record"): the coincidence check, verifications with their forms, and performance records.
 */
export const ContractRecords = ({ service, title, onClose }: TContractRecordsProps) => {
  const { can } = useSession();
  const narrow = useMediaQuery("(max-width: 600px)", false, { getInitialValueInEffect: false });
  const [dialog, setDialog] = useState<TDialog>(null);
  const queryClient = useQueryClient();
  if (!service) return null;
  const id = service.id;
  const a = service.attributes;
  const create = (def: TResourceDef, path: string) => (payload: TPayload) =>
    createManyReference(
      def.type,
      { parentType: "expiriences", parentId: id, path },
      payload.attributes,
      payload.relationships,
    );
  // Spec 001 §4: a second after a change the contract is read again (its verification mark), and
  // the applicant (a promotion moves the count, a warning the mark).
  const close = () => {
    setDialog(null);
    setTimeout(() => {
      void invalidateResource(queryClient, "expiriences");
      void invalidateResource(queryClient, "users");
    }, PERFORMANCE_WAIT_MS);
  };
  const configOf = (def: TResourceDef) =>
    screenConfigOf(
      def,
      def.type === "experience_verifications" ? VERIFICATION_MESSAGES : PERFORMANCE_MESSAGES,
    );
  const newButton = (def: TResourceDef, label: string) =>
    can(def.permission, "create") ? (
      <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ kind: "new", def })}>
        {label}
      </Button>
    ) : null;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={narrow ? "100%" : 720}
      title={title}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {periodText(a.date_on, a.date_off)}
        </Text>
        {can("experienceVerification", "read") ? (
          <>
            <Section title="Coincidences">
              <Coincidences serviceId={id} />
            </Section>
            <Section title="Verifications" action={newButton(seaServiceVerifications, "New verification")}>
              <Verifications serviceId={id} open={setDialog} />
            </Section>
          </>
        ) : null}
        {can("userPerformance", "read") ? (
          <Section title="Performance" action={newButton(applicantPerformances, "New record")}>
            <Performance serviceId={id} open={setDialog} />
          </Section>
        ) : null}
      </Stack>
      {dialog && dialog.kind !== "delete" ? (
        <ResourceFormDialog
          config={configOf(dialog.def)}
          mode={dialog.kind === "new" ? "create" : "update"}
          id={dialog.id}
          onClose={close}
          create={create(
            dialog.def,
            dialog.def.type === "experience_verifications" ? "verifications" : "performances",
          )}
          hiddenFields={["expirience"]}
        />
      ) : null}
      {dialog?.kind === "delete" && dialog.id ? (
        <DeleteDialog config={configOf(dialog.def)} id={dialog.id} onClose={close} />
      ) : null}
    </Drawer>
  );
};
