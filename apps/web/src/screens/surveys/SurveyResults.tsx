import {
  SURVEY_QUESTION_KIND_LABELS,
  ZSurveyResultsAnswer,
  surveySchemas,
  type TSurveyQuestionResult,
} from "@crew/contracts";
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Table, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { runAction, runActionFor } from "../../api/run-action";
import { saveFile } from "../../api";
import { useLiveChanges } from "../../api/use-live-changes";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";

const Counts = ({ q }: { q: TSurveyQuestionResult }) => (
  <Stack gap={4}>
    {(q.counts ?? []).map((c) => {
      const share = q.answered ? Math.round((c.count / q.answered) * 100) : 0;
      return (
        <div key={c.value}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{c.value}</Text>
            <Text size="sm" c="dimmed">
              {c.count} · {share}%
            </Text>
          </Group>
          <Progress value={share} size="sm" aria-label={`${c.value}: ${share}%`} />
        </div>
      );
    })}
  </Stack>
);

const QuestionResult = ({ q, n }: { q: TSurveyQuestionResult; n: number }) => (
  <Paper withBorder p="sm" data-testid={`result-${q.id}`}>
    <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
      <Text fw={600} size="sm">
        {n}. {q.title}
      </Text>
      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
        {SURVEY_QUESTION_KIND_LABELS[q.kind]} · {q.answered} answered
      </Badge>
    </Group>
    {q.counts && <Counts q={q} />}
    {q.average !== undefined && q.average !== null && (
      <Text size="sm" mt="xs">
        Average <b>{q.average}</b>
        {q.kind === "number" ? ` (lowest ${q.min}, highest ${q.max})` : ""}
      </Text>
    )}
    {q.latest &&
      (q.latest.length ? (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {q.latest.map((l, i) => (
              <Table.Tr key={`${l.user_id}-${i}`}>
                <Table.Td w="35%">
                  <Link to={`/users/${l.user_id}`}>{l.name}</Link>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "pre-wrap" }}>{l.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No answers yet.
        </Text>
      ))}
  </Paper>
);

/**
 * A survey's results per question (GET /api/survey_schemas/{id}/results): counts and shares of
 * choices, yes/no and ratings, averages of numbers, the latest text answers with who gave them;
 * the xlsx holds every answer. Reloads by itself when an answer comes in.
 */
export const SurveyResults = ({ surveyId }: { surveyId: string }) => {
  const results = useQuery({
    queryKey: ["survey_schemas", "results", surveyId],
    // The answer is a document ({data: results}); a bare ZSurveyResults never matched it.
    queryFn: async ({ signal }) =>
      (await runActionFor(surveySchemas, "results", { id: surveyId }, ZSurveyResultsAnswer, { signal })).data,
  });
  useLiveChanges(["survey_responses"], () => void results.refetch());
  const xlsx = useResourceMutation({
    mutationFn: () => runAction(surveySchemas, "results_xlsx", { id: surveyId }),
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
    },
  });
  if (results.isPending) return <Loader size="sm" />;
  if (results.isError)
    return (
      <Alert color="red" title="The results could not be read">
        {results.error.message}
      </Alert>
    );
  const r = results.data;
  return (
    <Stack gap="sm" data-testid="survey-results">
      <Group justify="space-between">
        <Text size="sm">
          Sent to <b>{r.sent}</b>, answered by <b>{r.answered}</b>
          {r.sent ? ` (${Math.round((r.answered / r.sent) * 100)}%)` : ""}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={xlsx.isPending}
          onClick={() => xlsx.mutate()}
        >
          Download xlsx
        </Button>
      </Group>
      {r.answered === 0 && <Alert variant="light">No answers yet. Send the survey to seafarers first.</Alert>}
      {r.questions.map((q, i) => (
        <QuestionResult key={q.id} q={q} n={i + 1} />
      ))}
    </Stack>
  );
};
