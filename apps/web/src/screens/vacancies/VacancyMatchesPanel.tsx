import { ZVacancyMatches, formatDay, vacancies, type TVacancyMatch } from "@crew/contracts";
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { runActionFor } from "../../api";
import { useNarrowScreen } from "../../lib/use-narrow-screen";
import { ApplyDialog, type TNamed } from "./ApplyDialog";

const LIMIT = 25;

/** Each reason of a match: green what he has, red what he lacks. */
const Reasons = ({ match }: { match: TVacancyMatch }) => (
  <Group gap={4}>
    {match.attributes.reasons.map((r, i) => (
      <Badge
        key={i}
        size="sm"
        radius="sm"
        tt="none"
        variant="light"
        color={r.ok ? "teal" : "red"}
        leftSection={r.ok ? <IconCheck size={10} /> : <IconX size={10} />}
      >
        {r.text}
      </Badge>
    ))}
  </Group>
);

/**
 * The vacancy's ranked candidates (GET /api/vacancies/{id}/matches): who holds the rank or was
 * promoted to it, is ready and free by the joining date, with the owner's documents, sea
 * service on the vessel's type first; each with why, and Apply for those not yet applied.
 */
export const VacancyMatchesPanel = ({ vacancy, mayApply }: { vacancy: TNamed; mayApply: boolean }) => {
  const narrow = useNarrowScreen();
  const [applying, setApplying] = useState<TNamed | null>(null);
  // Under the vacancies key: an application (which invalidates vacancies) refreshes "applied".
  const matches = useQuery({
    queryKey: ["vacancies", "matches", { id: vacancy.id, limit: LIMIT }],
    queryFn: ({ signal }) =>
      runActionFor(vacancies, "matches", { id: vacancy.id, input: { limit: LIMIT } }, ZVacancyMatches, {
        signal,
      }),
  });
  const rows = matches.data?.data ?? [];
  const applyButton = (m: TVacancyMatch) =>
    m.attributes.applied ? (
      <Text size="sm" c="dimmed" fw={500} style={{ whiteSpace: "nowrap" }}>
        Applied
      </Text>
    ) : mayApply ? (
      <Button
        size="compact-sm"
        data-testid={`match-apply-${m.attributes.user_id}`}
        onClick={() => setApplying({ id: String(m.attributes.user_id), label: m.attributes.name })}
      >
        Apply
      </Button>
    ) : null;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs" data-testid="vacancy-matches">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Matches</Title>
          {matches.data ? (
            <Text size="xs" c="dimmed">
              {matches.data.meta.considered} considered · {Math.round(matches.data.meta.took_ms)} ms
            </Text>
          ) : null}
        </Group>
        {matches.isLoading ? <Skeleton height={80} /> : null}
        {matches.isError ? (
          <Text size="sm" c="red">
            The matches could not be read.
          </Text>
        ) : null}
        {matches.data && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No applicant holds the rank, is ready by the joining date and is free then.
          </Text>
        ) : null}
        {rows.length > 0 && narrow ? (
          <Stack gap="xs">
            {rows.map((m, i) => (
              <Paper key={m.id} withBorder p="xs" radius="sm">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Anchor component={Link} to={`/users/${m.attributes.user_id}/details`} fw={600}>
                      {i + 1}. {m.attributes.name}
                    </Anchor>
                    {applyButton(m)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[
                      m.attributes.rank,
                      m.attributes.readiness_date && `ready ${formatDay(m.attributes.readiness_date)}`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                  <Reasons match={m} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {rows.length > 0 && !narrow ? (
          <Table striped highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>Seafarer</Table.Th>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Ready</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m, i) => (
                <Table.Tr key={m.id} data-testid="match-row">
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/users/${m.attributes.user_id}/details`}>
                      {m.attributes.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{m.attributes.rank ?? ""}</Table.Td>
                  <Table.Td>{formatDay(m.attributes.readiness_date)}</Table.Td>
                  <Table.Td>
                    <Reasons match={m} />
                  </Table.Td>
                  <Table.Td ta="right">{applyButton(m)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      {applying ? (
        <ApplyDialog vacancy={vacancy} candidate={applying} onClose={() => setApplying(null)} />
      ) : null}
    </Paper>
  );
};
