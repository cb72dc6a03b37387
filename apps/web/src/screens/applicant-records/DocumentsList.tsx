import { DragDropContext, Draggable, Droppable, type DropResult } from "@hello-pangea/dnd";
import { applicantDocuments } from "@crew/contracts";
import { Badge, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconFileText, IconGripVertical } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { recordOf, runAction, runActionFor } from "../../api";
import { formatDate } from "@crew/contracts";
import type { TListPage, TResourceRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import {
  RelatedList,
  type TRelatedListProps,
  type TRelatedListState,
} from "../../resources/details/RelatedList";
import { StoredFileLink } from "../../resources/fields/StoredFileLink";
import { relatedTitle, type TColumn } from "../../resources/list/columns";
import { RecordCells } from "../../resources/list/RecordCells";
import type { TBodyContext } from "../../resources/list/ResourceListView";
import { useSession } from "../../session/use-session";
import { CvButton } from "./CvButton";
import {
  groupDocuments,
  moveGroup,
  sequenceOf,
  type TDocumentGroup,
  type TOrderItem,
} from "./document-order";
import { expiryText } from "./record-display";
import { DOCUMENT_ORDER_SAVED, FILES_RENAMED } from "./record-messages";
import { ValidityMark } from "./ValidityMark";
import classes from "./records.module.css";

const ALL_ON_ONE_PAGE = 999;
const INCLUDE = [
  "kind",
  "issuing_country",
  "role",
  "endorsement",
  "attachments",
  "endorsement_attachments",
] as const;
const attributesOf = (record: TResourceRecord) => recordOf(applicantDocuments, record).attributes;
const TYPE_LABELS: Readonly<Record<number, string>> = { 2: "Certificate", 3: "Endorsement" };

type TRow = TOrderItem & { record: TResourceRecord };
const orderItemOf = (record: TResourceRecord): TRow => {
  const a = attributesOf(record);
  return {
    id: record.id,
    endorsement: a.n_tpd === 3,
    endorsementId:
      a.endorsement_id === null || a.endorsement_id === undefined ? null : String(a.endorsement_id),
    record,
  };
};

const ZRenamed = z.object({ meta: z.object({ message: z.string(), renamed: z.number() }) });

/** Drag and drop of documents (an endorsement moves with its certificate); the order goes to restore_sequence. */
const DocumentsBody = ({
  records,
  context,
  enabled,
  userId,
}: {
  records: readonly TResourceRecord[];
  context: TBodyContext;
  enabled: boolean;
  userId: string;
}) => {
  const queryClient = useQueryClient();
  const groups = useMemo(() => groupDocuments(records.map(orderItemOf)), [records]);
  const { columns, page, rowActions, queryKey } = context;
  // The new order shows at once; a refused one puts the page back, and either way the list is
  // read again (what the server kept).
  const reorder = useResourceMutation({
    mutationFn: ({ ids }: { ids: readonly string[]; previous: TListPage | undefined }) =>
      runAction(applicantDocuments, "restore_sequence", {
        input: { ids: ids.map(Number), user_id: Number(userId) },
      }),
    notice: DOCUMENT_ORDER_SAVED,
    invalidates: [applicantDocuments],
    reloadOnFailure: true,
    onFailure: (_action, _error, { previous }) => {
      if (previous) queryClient.setQueryData<TListPage>(queryKey, previous);
    },
  });
  const onDragEnd = async (result: DropResult) => {
    if (!result.destination) return;
    const next = moveGroup(groups, result.source.index, result.destination.index);
    if (!next) return;
    const ids = sequenceOf(next);
    const byId = new Map(records.map((r) => [r.id, r]));
    await queryClient.cancelQueries({ queryKey });
    const previous = queryClient.getQueryData<TListPage>(queryKey);
    if (previous)
      queryClient.setQueryData<TListPage>(queryKey, {
        ...previous,
        data: ids.flatMap((id) => byId.get(id) ?? []),
      });
    reorder.mutate({ ids, previous });
  };
  const row = (item: TRow, nested: boolean) => (
    <RecordCells
      record={item.record}
      columns={columns}
      included={page.included}
      actions={rowActions?.(item.record)}
      name={`${attributesOf(item.record).title ?? ""}${nested ? " (endorsement)" : ""}`}
    />
  );
  return (
    <DragDropContext onDragEnd={(r) => void onDragEnd(r)}>
      <Droppable droppableId="documents">
        {(drop) => (
          <Table.Tbody ref={drop.innerRef} {...drop.droppableProps}>
            {groups.map((group: TDocumentGroup<TRow>, index) => (
              <Draggable
                key={group.head.id}
                draggableId={group.head.id}
                index={index}
                isDragDisabled={!enabled}
              >
                {(drag, snapshot) => (
                  <>
                    <Table.Tr
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      className={snapshot.isDragging ? classes.dragging : undefined}
                      data-testid="document-row"
                    >
                      <Table.Td className={classes.handleCell}>
                        <Tooltip
                          label={
                            enabled ? "Drag to change the order" : "Sort by the staff's order to rearrange"
                          }
                          disabled={snapshot.isDragging}
                        >
                          <span
                            {...drag.dragHandleProps}
                            className={classes.handle}
                            data-disabled={!enabled || undefined}
                            aria-label={`Move ${String(attributesOf(group.head.record).title ?? "")}`}
                          >
                            <IconGripVertical size={16} />
                          </span>
                        </Tooltip>
                      </Table.Td>
                      {row(group.head, false)}
                    </Table.Tr>
                    {group.endorsement && !snapshot.isDragging ? (
                      <Table.Tr className={classes.endorsement} data-testid="endorsement-row">
                        <Table.Td />
                        {row(group.endorsement, true)}
                      </Table.Tr>
                    ) : null}
                  </>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </Table.Tbody>
        )}
      </Droppable>
    </DragDropContext>
  );
};

/**
 * An applicant's documents and certificates (/users/:id/documents): every one on one page (spec
 * 001 §9), in the order the staff arranged (drag a document by its grip; an endorsement moves
 * with its certificate and shows under it), each with its validity mark and days left, files;
 * "Rename files" gives every file its standard name.
 */
export const DocumentsList = (props: TRelatedListProps) => {
  const { child, parentId } = props;
  const { def } = child;
  const { can } = useSession();
  const rename = useResourceMutation({
    mutationFn: () =>
      runActionFor(applicantDocuments, "rename_files", { input: { user_id: Number(parentId) } }, ZRenamed),
    invalidates: [def],
    notice: (answer) => answer.meta.message || FILES_RENAMED,
  });

  const columnsFor = ({ rows }: TRelatedListState): TColumn[] => {
    const shownUnderCertificate = new Set(
      groupDocuments(rows.map(orderItemOf)).flatMap((g) => (g.endorsement ? [g.endorsement.id] : [])),
    );
    return [
      {
        key: "kind_title",
        label: "Document",
        primary: true,
        render: (record) => {
          const a = attributesOf(record);
          const type = TYPE_LABELS[a.n_tpd ?? 1];
          // Under its certificate an endorsement needs no repeat of the certificate's name.
          const nested = a.n_tpd === 3 && shownUnderCertificate.has(record.id);
          return (
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconFileText
                size={16}
                color="var(--mantine-color-gray-6)"
                style={{ flex: "none", marginTop: 2 }}
              />
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={a.n_tpd === 3 ? 400 : 600}>
                  {nested ? "Flag-state endorsement" : (a.kind_title ?? "")}
                </Text>
                {type && !nested ? (
                  <Badge
                    size="xs"
                    variant="light"
                    color={a.n_tpd === 3 ? "gray" : "blue"}
                    radius="sm"
                    style={{ flex: "none" }}
                  >
                    {type}
                  </Badge>
                ) : null}
              </Stack>
            </Group>
          );
        },
      },
      {
        key: "number",
        label: "Number",
        sortField: "number",
        render: (record) => attributesOf(record).number ?? "",
      },
      {
        key: "valid_from",
        label: "Issued",
        sortField: "valid_from",
        render: (record) => formatDate(attributesOf(record).valid_from),
      },
      {
        key: "valid_until",
        label: "Valid until",
        sortField: "valid_until",
        render: (record) => {
          const a = attributesOf(record);
          if (!a.valid_until)
            return (
              <Text size="sm" c="dimmed">
                Unlimited
              </Text>
            );
          return (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{formatDate(a.valid_until)}</Text>
                {a.validity !== "valid" ? (
                  <ValidityMark state={a.validity} line={a.expiry_line} validUntil={a.valid_until} />
                ) : null}
              </Group>
              {a.validity !== "valid" ? (
                <Text size="xs" c="dimmed">
                  {expiryText(a.valid_until)}
                </Text>
              ) : null}
            </Stack>
          );
        },
      },
      {
        key: "issued_by",
        label: "Issued by",
        render: (record, included) =>
          [attributesOf(record).issued_by, relatedTitle(record, "issuing_country", included)]
            .filter(Boolean)
            .join(", "),
      },
      {
        key: "role",
        label: "For rank",
        render: (record, included) => relatedTitle(record, "role", included),
      },
      {
        key: "files",
        label: "Files",
        render: (record) => {
          const files = attributesOf(record).files ?? [];
          return files.length ? (
            <Stack gap={2}>
              {files.map((f) => (
                <StoredFileLink key={String(f.id)} file={f} />
              ))}
            </Stack>
          ) : (
            ""
          );
        },
      },
    ];
  };

  return (
    <RelatedList
      {...props}
      // Spec 001 §7; a type the reader may not read is left out of `included` by the server.
      include={INCLUDE}
      // Spec 001 §9: every document on one page.
      pageSize={ALL_ON_ONE_PAGE}
      pageSizeAlways
      columns={columnsFor}
      headingExtras={
        <>
          {can(def.permission, "update") ? (
            <Button size="xs" variant="default" loading={rename.isPending} onClick={() => rename.mutate()}>
              Rename files
            </Button>
          ) : null}
          <CvButton userId={parentId} />
        </>
      }
      newLabel="New document"
      view={({ list }) => {
        // Dragging means the staff's order only when the list is shown in it, unfiltered.
        const inStaffOrder =
          list.query.sort.field === "sequence" &&
          !list.query.search &&
          !Object.keys(list.query.filter).length;
        const canOrder = can(def.permission, "update") && inStaffOrder;
        return {
          selectable: false,
          leadingHeader: <Table.Th w={36} aria-label="Order" />,
          renderBody: (records, context) => (
            <DocumentsBody records={records} context={context} enabled={canOrder} userId={parentId} />
          ),
        };
      }}
    />
  );
};
