import { GENDER_OPTIONS, applicants } from "@crew/contracts";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconActivity, IconArchive, IconBrandTelegram, IconMessages } from "@tabler/icons-react";
import { useMemo, type ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { recordOf } from "../../api";
import { formatDate, formatDateTime } from "@crew/contracts";
import { childListsOf } from "../../resources/details/child-lists";
import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TOneRecord } from "../../resources/data/resource-types";
import { readableWith } from "../../resources/data/use-resource-queries";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { ValidityMark } from "../applicant-records/ValidityMark";
import { ActivityTimeline } from "../activity/ActivityTimeline";
import { ChatPanel } from "../chat/ChatPanel";
import { EXTERNAL_TAB } from "../external/external-tab";
import { ApplicantComments } from "../comments/ApplicantComments";
import { StarButton } from "./StarButton";
import { ageText, lastExperienceText, statusText } from "./applicant-display";
import { formatMoney } from "../../lib/numbers";
import { ApplyToVacancyButton } from "../vacancies/ApplyToVacancyButton";

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} miw={0}>
    <Text size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: "anywhere" }} component="div">
      {children === "" || children === null || children === undefined ? (
        <Text span c="dimmed">
          —
        </Text>
      ) : (
        children
      )}
    </Text>
  </Stack>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
    <Title order={4} fz="sm" c="dimmed" tt="uppercase" lts={0.4} mb="sm">
      {title}
    </Title>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Paper>
);

const yes = (v: unknown) => (v === true ? "Yes" : "No");

/** The general tab: the applicant's record grouped as recruiters read it, derived values included. */
const General = ({ one }: { one: TOneRecord }) => {
  const a = recordOf(applicants, one.record).attributes;
  const rank = a.crewing_rank ?? "";
  return (
    <Stack gap="md">
      <Section title="Seafarer">
        <Field label="Applicant No.">{a.crewing_applicant_id}</Field>
        <Field label="Full name">{[a.surname, a.name, a.middle].filter(Boolean).join(" ")}</Field>
        <Field label="Birthday">{a.birthday ? `${formatDate(a.birthday)} (${ageText(a.age)})` : ""}</Field>
        <Field label="Gender">{GENDER_OPTIONS.find((o) => o.value === a.gender)?.label ?? ""}</Field>
        <Field label="Country of birth">
          {[a.country_birth_emoji, a.country_birth_name].filter(Boolean).join(" ")}
        </Field>
        <Field label="Rank applied for">{rank}</Field>
        <Field label="Tags">
          {a.tag_list?.length ? (
            <Group gap={4}>
              {a.tag_list.map((t) => (
                <Badge key={t} variant="outline" radius="sm" tt="none" size="sm">
                  {t}
                </Badge>
              ))}
            </Group>
          ) : (
            ""
          )}
        </Field>
      </Section>
      <Section title="Contacts">
        <Field label="Mobile phone">{a.mobile_phone ?? ""}</Field>
        <Field label="Alternative mobile">{a.mobile_phone_alternative ?? ""}</Field>
        <Field label="Home phone">{a.phonehome ?? ""}</Field>
        <Field label="Email">{a.email ?? ""}</Field>
        <Field label="Alternative email">{a.email_alternative ?? ""}</Field>
        <Field label="Address">{a.address ?? ""}</Field>
      </Section>
      <Section title="Crewing">
        <Field label="Status">{statusText(a.status, a.promotions_count)}</Field>
        <Field label="Readiness">{formatDate(a.readiness_date)}</Field>
        <Field label="Expected wage">
          {typeof a.wage === "number" ? `${formatMoney(a.wage, "USD")} a month` : ""}
        </Field>
        <Field label="Last experience">{lastExperienceText(a)}</Field>
        <Field label="Vessel now">{a.vessel ?? ""}</Field>
        <Field label="Planned">
          {a.vessel_planned_name ? `${a.vessel_planned_name}, ${formatDate(a.date_planned)}` : ""}
        </Field>
        <Field label="Promotions">
          {a.promotions_count
            ? `${a.promotions_count}${a.promotions_roles?.length ? `: ${a.promotions_roles.join(", ")}` : ""}`
            : ""}
        </Field>
        <Field label="Documents">
          {a.valid_state ? <ValidityMark state={a.valid_state} states={a.valid_states} /> : ""}
        </Field>
        <Field label="US visa valid until">{formatDate(a.us_visa_doe)}</Field>
        <Field label="Sizes">
          {[
            a.coverall_size ? `coverall ${a.coverall_size}` : "",
            a.shoe_size ? `shoes ${a.shoe_size}` : "",
            typeof a.height === "number" ? `${a.height} cm` : "",
            typeof a.weight === "number" ? `${a.weight} kg` : "",
          ]
            .filter(Boolean)
            .join(", ")}
        </Field>
      </Section>
      <Section title="Marks and external databases">
        <Field label="Hot">{yes(a.hot)}</Field>
        <Field label="No answer to calls">{yes(a.no_call_answer)}</Field>
        <Field label="Ex SCG">{yes(a.ex_scg)}</Field>
        <Field label="Stable employee">{yes(a.stable_employee)}</Field>
        <Field label="Needs reaction">{yes(a.need_reaction)}</Field>
        <Field label="Needs education">{yes(a.need_education)}</Field>
        <Field label="UkrCrewing id">{a.ukr_crewing_id ?? ""}</Field>
        <Field label="Crewell id">{a.crewell_id ?? ""}</Field>
        <Field label="Telegram">{a.telegram_user_id ? `user ${a.telegram_user_id}` : ""}</Field>
        <Field label="Last contact">{formatDateTime(a.last_contact)}</Field>
        <Field label="Added">{formatDateTime(a.created_at)}</Field>
        <Field label="Updated">{formatDateTime(a.updated_at)}</Field>
      </Section>
    </Stack>
  );
};

/** What an interaction may change on the applicant, as it is now. */
const nowOf = (one: TOneRecord) => {
  const a = recordOf(applicants, one.record).attributes;
  return {
    readiness_date: a.readiness_date ?? null,
    crewing_status_id: a.crewing_status_id ?? null,
    wage: typeof a.wage === "number" ? a.wage : null,
    hot: a.hot === true,
  };
};

/** The Comments tab (its own screen in place of the generic list) and the Activity tab. */
const COMMENTS_TAB = {
  value: "comments",
  label: "Comments",
  icon: <IconMessages size={16} />,
  render: (one: TOneRecord) => <ApplicantComments userId={one.record.id} now={nowOf(one)} />,
} as const;
const ACTIVITY_TAB = {
  value: "activity",
  label: "Activity",
  icon: <IconActivity size={16} />,
  render: (one: TOneRecord) => <ActivityTimeline userId={one.record.id} />,
} as const;

/** The Telegram chat (issue 19): replaces the generic chat_messages list under the applicant. */
const CHAT_TAB = {
  value: "chat",
  label: "Chat",
  icon: <IconBrandTelegram size={16} />,
  render: (one: TOneRecord) => {
    const a = recordOf(applicants, one.record).attributes;
    return (
      <ChatPanel
        userId={one.record.id}
        linked={Boolean(a.telegram_user_id)}
        name={[a.name, a.surname].filter(Boolean).join(" ")}
      />
    );
  },
} as const;

/**
 * /users/:id/:tab: the applicant's details (general tab), a tab per sub-record list the
 * records area adds (their definitions name users as parent), Comments (/users/:id/comments,
 * also opened in a new tab after a create), Activity and History.
 */
export const ApplicantDetailsScreen = ({ config }: TScreenProps) => {
  const { id = "", tab = "details" } = useParams();
  const { can } = useSession();
  const hasComments = useMemo(() => childListsOf(applicants, can).some((c) => c.tab === "comments"), [can]);
  const include = useMemo(
    () =>
      ["role", "last_expirience"].filter((n) => readableWith(can)(n === "role" ? "ranks" : "expiriences")),
    [can],
  );
  if (tab === "comments" && !hasComments) return <Navigate to={`${config.base}/${id}/details`} replace />;
  return (
    <ResourceDetailsScreen
      config={config}
      include={include}
      fields={(one) => <General one={one} />}
      tabs={[
        ...(hasComments ? [COMMENTS_TAB] : []),
        ACTIVITY_TAB,
        ...(can("tgChat", "read") ? [CHAT_TAB] : []),
        ...(can("externalUpdate", "read") ? [EXTERNAL_TAB] : []),
      ]}
      badges={(one) => {
        const a = recordOf(applicants, one.record).attributes;
        return (
          <Group gap="xs">
            <StarButton
              userId={one.record.id}
              starred={a.is_favorite === true}
              name={`${a.surname} ${a.name}`}
            />
            <Badge variant="light" radius="sm" tt="none">
              {statusText(a.status, a.promotions_count)}
            </Badge>
            {a.hot ? (
              <Badge color="red" variant="light" radius="sm">
                Hot
              </Badge>
            ) : null}
            {a.archived ? (
              <Badge color="gray" radius="sm">
                Archived
              </Badge>
            ) : null}
          </Group>
        );
      }}
      actions={(one) => {
        const a = recordOf(applicants, one.record).attributes;
        return (
          <>
            {a.archived ? null : (
              <ApplyToVacancyButton candidate={{ id: one.record.id, label: `${a.surname} ${a.name}` }} />
            )}
            {can("users", "update") && !can("users", "delete") ? (
              <Button
                component={Link}
                to={`${config.base}/${id}/${tab}/delete`}
                variant="light"
                color="red"
                leftSection={<IconArchive size={16} />}
              >
                Delete
              </Button>
            ) : null}
          </>
        );
      }}
    />
  );
};
