import { formatDay, timePlans } from "@crew/contracts";
import { Avatar, Badge, Group, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { runActionFor } from "../../api/run-action";
import { initialsOf } from "../../lib/people";
import { useFileObjectUrl } from "../../resources/fields/use-file-object-url";
import { formatMoney } from "../../lib/numbers";

const ZPeriod = z.object({
  id: z.number(),
  start: z.string(),
  end: z.string(),
  vessel_name: z.string(),
  status: z.string(),
});
const ZProfile = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({
      full_name: z.string(),
      crewing_applicant_id: z.string(),
      birthday: z.string().nullable(),
      age: z.number().nullable(),
      country_birth: z.string().nullable(),
      rank: z.string().nullable(),
      status: z.string().nullable(),
      readiness_date: z.string().nullable(),
      promotions_count: z.number(),
      vessel_last_name: z.string().nullable(),
      vessel_last_rank_title: z.string().nullable(),
      last_contract_soff: z.string().nullable(),
      valid_state: z.string().nullable(),
      has_warnings: z.boolean(),
      archived: z.boolean(),
      periods: z.array(ZPeriod),
      email: z.string().nullable().optional(),
      mobile_phone: z.string().nullable().optional(),
      wage: z.number().nullable().optional(),
      avatar: z.string().nullable().optional(),
    }),
  }),
});

const dayOrDash = (iso: string | null): string => formatDay(iso) || "—";

const Line = ({ label, value }: { label: string; value: string | number | null | undefined }) => (
  <Group gap={6} wrap="nowrap">
    <Text size="xs" c="dimmed" w={110}>
      {label}
    </Text>
    <Text size="sm">{value === null || value === undefined || value === "" ? "—" : value}</Text>
  </Group>
);

/**
 * The planned seafarer's profile (timeplans.userProfile): who they are, their last service,
 * document state and every plan of theirs the reader may see. Contacts and the expected wage
 * come only to staff who read applicants.
 */
export const ApplicantProfileCard = ({ planId }: { planId: string }) => {
  const profile = useQuery({
    queryKey: ["time_plans", "profile", planId],
    queryFn: ({ signal }) =>
      runActionFor(timePlans, "user_profile", { id: planId, input: {} }, ZProfile, { signal }),
  });
  const p = profile.data?.data.attributes;
  const photo = useFileObjectUrl(p?.avatar ?? undefined);
  if (!p) return <Skeleton height={140} radius="md" />;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="user-profile">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={photo.src} radius="xl" size={44} color="blue">
            {initialsOf(p.full_name)}
          </Avatar>
          <div>
            <Text fw={600}>{p.full_name}</Text>
            <Text size="xs" c="dimmed">
              No. {p.crewing_applicant_id}
              {p.rank ? ` · ${p.rank}` : ""}
              {p.age !== null ? ` · ${p.age} y.o.` : ""}
            </Text>
          </div>
          {p.archived && (
            <Badge color="gray" variant="light">
              Archived
            </Badge>
          )}
          {p.has_warnings && (
            <Badge color="orange" variant="light">
              Documents
            </Badge>
          )}
        </Group>
        <Line
          label="Born"
          value={[dayOrDash(p.birthday), p.country_birth].filter((v) => v && v !== "—").join(", ")}
        />
        <Line label="Ready from" value={dayOrDash(p.readiness_date)} />
        <Line
          label="Last service"
          value={[
            p.vessel_last_name,
            p.vessel_last_rank_title,
            p.last_contract_soff && `off ${dayOrDash(p.last_contract_soff)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        />
        <Line label="Promotions" value={p.promotions_count} />
        {p.mobile_phone !== undefined && <Line label="Phone" value={p.mobile_phone} />}
        {p.email !== undefined && <Line label="Email" value={p.email} />}
        {p.wage !== undefined && (
          <Line label="Expected wage" value={p.wage === null ? null : formatMoney(p.wage, "USD")} />
        )}
        {p.periods.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2} fz="xs">
            <Table.Tbody>
              {p.periods.map((period) => (
                <Table.Tr key={period.id}>
                  <Table.Td>
                    {dayOrDash(period.start)} – {dayOrDash(period.end)}
                  </Table.Td>
                  <Table.Td>{period.vessel_name}</Table.Td>
                  <Table.Td c="dimmed">{period.status.replace(/_/g, " ")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
};
