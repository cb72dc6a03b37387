import { PLACEMENT_STATUS_COLOURS, ZMatrixDocumentsMark, applicants } from "@crew/contracts";
import { Anchor, Badge, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconFlame, IconPhoneOff } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { recordOf } from "../../api";
import { formatDate } from "@crew/contracts";
import type { TColumn } from "../../resources/list/columns";
import listClasses from "../../resources/list/list.module.css";
import { ValidityMark } from "../applicant-records/ValidityMark";
import { MatrixDocumentsMark } from "./MatrixDocumentsMark";
import { StarButton } from "./StarButton";
import { formatNumber } from "../../lib/numbers";
import { ageText, lastExperienceText, placementStatusOf, statusText } from "./applicant-display";

const TAGS_SHOWN = 3;

/**
 * The applicant list's columns as recruiters read them (spec 001 §3): the star, full name,
 * flag and applicant number together, "N y.o.", rank, status with the promotion arrow, the
 * last sea service or "None", readiness, phone, tags and warnings.
 */
export const applicantColumns = (base: string): TColumn[] => [
  {
    key: "full_name",
    label: "Name",
    sortField: "surname",
    primary: true,
    render: (record) => {
      const a = recordOf(applicants, record).attributes;
      return (
        <Group gap="xs" wrap="nowrap">
          <StarButton userId={record.id} starred={a.is_favorite === true} name={`${a.surname} ${a.name}`} />
          <Stack gap={0} miw={0}>
            <Link to={`${base}/${record.id}/details`} className={listClasses.primaryLink}>
              {[a.surname, a.name, a.middle].filter(Boolean).join(" ")}
            </Link>
            {/* The country by name beside its flag: Windows draws a flag as two letters (issue 22.19). */}
            <Text size="xs" c="dimmed">
              No. {a.crewing_applicant_id}
              {a.country_birth_name ? (
                <span title="Country of birth">
                  {" · "}
                  {a.country_birth_emoji ? `${a.country_birth_emoji} ` : ""}
                  {a.country_birth_name}
                </span>
              ) : null}
            </Text>
          </Stack>
        </Group>
      );
    },
  },
  {
    key: "age",
    label: "Age",
    sortField: "age",
    width: 64,
    render: (record) => ageText(recordOf(applicants, record).attributes.age),
  },
  {
    key: "crewing_rank",
    label: "Rank",
    render: (record) => recordOf(applicants, record).attributes.crewing_rank ?? "",
  },
  {
    key: "status",
    label: "Status",
    sortField: "status",
    width: 140,
    render: (record) => {
      const a = recordOf(applicants, record).attributes;
      const colour = PLACEMENT_STATUS_COLOURS[placementStatusOf(a.status)];
      const text = statusText(a.status, a.promotions_count);
      const badge = (
        <Badge
          variant="light"
          radius="sm"
          tt="none"
          maw="none"
          styles={{ root: { backgroundColor: `#${colour}33`, color: "var(--mantine-color-text)" } }}
        >
          {text}
        </Badge>
      );
      // The arrow explains itself (issue 22 point 19).
      return text.endsWith("↑") ? (
        <Tooltip
          label={`Promoted ${formatNumber(a.promotions_count)} ${a.promotions_count === 1 ? "time" : "times"}`}
        >
          {badge}
        </Tooltip>
      ) : (
        badge
      );
    },
  },
  {
    key: "last_expirience",
    label: "Last experience",
    render: (record) => {
      const text = lastExperienceText(recordOf(applicants, record).attributes);
      return text === "None" ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Text size="sm">{text}</Text>
      );
    },
  },
  {
    key: "readiness_date",
    label: "Readiness",
    sortField: "readiness_date",
    width: 110,
    render: (record) => formatDate(recordOf(applicants, record).attributes.readiness_date),
  },
  {
    // A planned seafarer's documents against the owner's matrix for the planned rank (issue 17 §2,
    // ringed); otherwise every document held, per kind in its tooltip (docs/records.md "Validity").
    key: "valid_state",
    label: "Docs",
    width: 64,
    render: (record) => {
      const a = recordOf(applicants, record).attributes;
      const mark = ZMatrixDocumentsMark.safeParse(a.matrix_documents);
      if (mark.success) return <MatrixDocumentsMark mark={mark.data} />;
      return <ValidityMark state={a.valid_state} states={a.valid_states} dot />;
    },
  },
  {
    key: "mobile_phone",
    label: "Phone",
    render: (record) => {
      const phone = recordOf(applicants, record).attributes.mobile_phone;
      return phone ? (
        <Anchor
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          size="sm"
          c="inherit"
          style={{ whiteSpace: "nowrap" }}
        >
          {phone}
        </Anchor>
      ) : (
        ""
      );
    },
  },
  {
    key: "tag_list",
    label: "Tags",
    render: (record) => {
      const tags = recordOf(applicants, record).attributes.tag_list ?? [];
      if (!tags.length) return "";
      return (
        <Group gap={4}>
          {tags.slice(0, TAGS_SHOWN).map((t) => (
            <Badge key={t} size="sm" variant="outline" radius="sm" tt="none">
              {t}
            </Badge>
          ))}
          {tags.length > TAGS_SHOWN ? (
            <Tooltip label={tags.slice(TAGS_SHOWN).join(", ")}>
              <Badge size="sm" variant="light" color="gray" radius="sm">
                +{tags.length - TAGS_SHOWN}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      );
    },
  },
  {
    key: "has_warnings",
    label: "Warnings",
    width: 96,
    render: (record) => {
      const a = recordOf(applicants, record).attributes;
      const marks = [
        a.has_warnings
          ? { label: "Documents need attention", icon: <IconAlertTriangle size={14} />, color: "orange" }
          : null,
        a.hot ? { label: "Hot", icon: <IconFlame size={14} />, color: "red" } : null,
        a.no_call_answer
          ? { label: "Does not answer calls", icon: <IconPhoneOff size={14} />, color: "gray" }
          : null,
      ].filter((m) => m !== null);
      if (!marks.length) return "";
      return (
        <Group gap={4} wrap="nowrap">
          {marks.map((m) => (
            <Tooltip key={m.label} label={m.label}>
              <ThemeIcon size="sm" variant="light" color={m.color} aria-label={m.label}>
                {m.icon}
              </ThemeIcon>
            </Tooltip>
          ))}
        </Group>
      );
    },
  },
];
