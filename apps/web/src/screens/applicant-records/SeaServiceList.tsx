import { SEA_SERVICE_PAGE_SIZE, seaService } from "@crew/contracts";
import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPaperclip, IconShieldCheck } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { recordOf } from "../../api";
import type { TIncluded, TResourceRecord } from "../../resources/data/resource-types";
import { readableWith } from "../../resources/data/use-resource-queries";
import { RelatedList, type TRelatedListProps } from "../../resources/details/RelatedList";
import { relatedTitle, type TColumn } from "../../resources/list/columns";
import { useSession } from "../../session/use-session";
import { ContractRecords } from "./ContractRecords";
import { CvButton } from "./CvButton";
import { periodText, RESULT_COLOURS, vesselLine } from "./record-display";

const attributesOf = (record: TResourceRecord) => recordOf(seaService, record).attributes;

/**
 * Sea service under an applicant (/users/:id/experiences) or a vessel (/vessels/:id/experiences):
 * newest first, 12 to a page (spec 001 §9), each contract with its vessel's particulars, rank,
 * dates and length, company and crewing agent, files, the latest verification's mark and a panel
 * of its verifications, performance records and the coincidence check.
 */
export const SeaServiceList = (props: TRelatedListProps) => {
  const { child, parentId } = props;
  const { def, parent } = child;
  const { can } = useSession();
  const underVessel = parent.type === "vessels";
  const include = useMemo(() => {
    const readable = readableWith(can);
    return ["role", "vessel_type", "company_agent", "attachments", ...(underVessel ? ["user"] : [])].filter(
      (name) => {
        const type = def.relationships?.[name]?.type;
        return type ? readable(type) : false;
      },
    );
  }, [can, def, underVessel]);
  const [open, setOpen] = useState<string | null>(null);

  const vesselColumn: TColumn[] = underVessel
    ? []
    : [
        {
          key: "vessel_name",
          label: "Vessel",
          sortField: "vessel_name",
          primary: true,
          render: (record, included: TIncluded) => {
            const a = attributesOf(record);
            const fleet = record.relationships?.vessel?.data;
            return (
              <Stack gap={0}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {a.vessel_name}
                  </Text>
                  {fleet ? (
                    <Badge size="xs" variant="light" radius="sm">
                      Fleet
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {vesselLine(
                    a.vessel_imo,
                    relatedTitle(record, "vessel_type", included),
                    a.vessel_deadweight,
                  )}
                </Text>
              </Stack>
            );
          },
        },
      ];
  // Under a vessel every row is hers: the seafarer leads instead.
  const columns: TColumn[] = [
    ...vesselColumn,
    ...(underVessel
      ? [
          {
            key: "user",
            label: "Seafarer",
            primary: true,
            render: (record: TResourceRecord, included: TIncluded) => {
              const data = record.relationships?.user?.data;
              const id = data && !Array.isArray(data) ? data.id : "";
              const name = relatedTitle(record, "user", included);
              return name ? (
                <Anchor component={Link} to={`/users/${id}/experiences`} size="sm">
                  {name}
                </Anchor>
              ) : (
                ""
              );
            },
          },
        ]
      : []),
    { key: "role", label: "Rank", render: (record, included) => relatedTitle(record, "role", included) },
    {
      key: "date_on",
      label: "Period",
      sortField: "date_on",
      render: (record) => {
        const a = attributesOf(record);
        return (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
              {periodText(a.date_on, a.date_off)}
            </Text>
            <Text size="xs" c="dimmed">
              {a.duration ?? ""}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: "vessel_manager",
      label: "Company",
      sortField: "vessel_manager",
      render: (record, included) => {
        const a = attributesOf(record);
        const agent = relatedTitle(record, "company_agent", included);
        if (!a.vessel_manager && !agent) return "";
        return (
          <Stack gap={0}>
            <Text size="sm">{a.vessel_manager ?? ""}</Text>
            {agent ? (
              <Text size="xs" c="dimmed">
                via {agent}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: "files",
      label: "Files",
      render: (record) => {
        const files = attributesOf(record).files ?? [];
        const attached = record.relationships?.attachments?.data;
        const count = files.length + (Array.isArray(attached) ? attached.length : 0);
        return count ? (
          <Tooltip label={files.map((f) => f.filename).join(", ") || "Attachments"}>
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} />
              <Text size="sm">{count}</Text>
            </Group>
          </Tooltip>
        ) : (
          ""
        );
      },
    },
    {
      key: "verification_result",
      label: "Checks",
      render: (record) => {
        const result = attributesOf(record).verification_result;
        const label = def.attributes.verification_result?.options?.find((o) => o.value === result)?.label;
        return (
          <Group gap={6} wrap="nowrap">
            {label ? (
              <Badge
                size="sm"
                color={RESULT_COLOURS[result ?? ""] ?? "gray"}
                variant="light"
                radius="sm"
                tt="none"
              >
                {label}
              </Badge>
            ) : null}
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconShieldCheck size={14} />}
              onClick={() => setOpen(record.id)}
            >
              {can("experienceVerification", "read") ? "Verify" : "Records"}
            </Button>
          </Group>
        );
      },
    },
  ];

  return (
    <RelatedList
      {...props}
      include={include}
      // Spec 001 §9: twelve to a page unless the address or the list's memory says otherwise.
      pageSize={SEA_SERVICE_PAGE_SIZE}
      columns={() => columns}
      headingExtras={!underVessel ? <CvButton userId={parentId} /> : undefined}
      newLabel="New sea service"
      writes={{ create: !underVessel, edit: !underVessel, delete: !underVessel }}
      view={() => ({ selectable: false })}
      after={({ rows }) => {
        const openRecord = rows.find((r) => r.id === open);
        const title = openRecord
          ? `${attributesOf(openRecord).vessel_name ?? ""}: checks and performance`
          : "";
        return <ContractRecords service={openRecord} title={title} onClose={() => setOpen(null)} />;
      }}
    />
  );
};
