import {
  SURVEY_NOTICES,
  SURVEY_QUESTION_KINDS,
  SURVEY_QUESTION_KIND_LABELS,
  ZSurveyDefinition,
  type TSurveyDefinitionInput,
  type TSurveyQuestionInput,
  type TSurveyQuestionKind,
} from "@crew/contracts";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPlus,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { create, getList, getOne, queryKeys, remove, update } from "../../api";
import { SortableStack } from "../../lib/SortableStack";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { PageHeader } from "../../resources/list/PageHeader";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { SurveyPreview } from "./SurveyPreview";
import { SurveyResults } from "./SurveyResults";
import { SurveySendDialog } from "./SurveySendDialog";

interface TSurveyAttributes {
  title: string;
  definition: TSurveyDefinitionInput;
  question_count: number;
}

const EMPTY: TSurveyDefinitionInput = { title: "", questions: [] };
const LIST = { page: 1, perPage: 200, sort: "title" } as const;

const newQuestion = (kind: TSurveyQuestionKind, taken: readonly string[]): TSurveyQuestionInput => {
  let n = taken.length + 1;
  while (taken.includes(`q${n}`)) n += 1;
  const base = { id: `q${n}`, title: "", required: false };
  switch (kind) {
    case "single":
    case "multiple":
      return { ...base, kind, options: ["Option 1", "Option 2"] };
    case "rating":
      return { ...base, kind, scale: 5 };
    case "text":
      return { ...base, kind, multiline: false };
    default:
      return { ...base, kind };
  }
};

/** A question kind changed: keep id, title, required; take the new kind's own fields. */
const withKind = (q: TSurveyQuestionInput, kind: TSurveyQuestionKind): TSurveyQuestionInput => {
  const next = newQuestion(kind, []);
  const options = "options" in q ? q.options : undefined;
  return {
    ...next,
    id: q.id,
    title: q.title,
    required: q.required,
    ...(options && "options" in next ? { options } : {}),
  };
};

/** "questions/1/options" → "Question 2: options" (how a 422's path is named on screen). */
const pathText = (path: string): string =>
  path
    .replace(/^definition\/?/, "")
    .replace(/^questions\/(\d+)\/?/, (_m, i: string) => `Question ${Number(i) + 1}: `)
    .replace(/\//g, " ") || "survey";

/**
 * /survey-creator (spec 002 §2, issue 18 §4): surveys built on the app's own components — add,
 * reorder (drag by the grip or the arrows) and edit questions of the usual kinds, with a live
 * preview of the form as the seafarer will see it. The definition is checked against the
 * contracts' schema before it is sent, and again by the server (a 422 names its path).
 */
export const SurveyCreatorScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const mayWrite = can(config.def.permission, "update") && can(config.def.permission, "create");
  const [params, setParams] = useSearchParams();
  const openId = params.get("survey");
  // ?view=results shows the answers of the open survey instead of its builder.
  const view = openId && params.get("view") === "results" ? "results" : "build";
  const [sending, setSending] = useState(false);
  const [draft, setDraft] = useState<TSurveyDefinitionInput>(EMPTY);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const list = useQuery({
    queryKey: queryKeys.list("survey_schemas", LIST),
    queryFn: ({ signal }) => getList<TSurveyAttributes>("survey_schemas", LIST, signal),
  });
  const record = useQuery({
    queryKey: queryKeys.one("survey_schemas", openId ?? "new"),
    queryFn: ({ signal }) => getOne<TSurveyAttributes>("survey_schemas", openId ?? "", {}, signal),
    enabled: openId !== null,
  });
  // A survey opened from the list becomes the draft once (edits are not overwritten by reloads).
  if (openId && record.data && loadedId !== openId) {
    setLoadedId(openId);
    setDraft(record.data.data.attributes.definition);
    setProblems([]);
  }
  if (!openId && loadedId !== null) {
    setLoadedId(null);
    setDraft(EMPTY);
  }

  const setQuestion = (i: number, q: TSurveyQuestionInput) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((old, j) => (j === i ? q : old)) }));
  const moveQuestion = (from: number, to: number) =>
    setDraft((d) => {
      if (to < 0 || to >= d.questions.length) return d;
      const questions = [...d.questions];
      const [q] = questions.splice(from, 1);
      if (q) questions.splice(to, 0, q);
      return { ...d, questions };
    });

  const save = useResourceMutation({
    mutationFn: (definition: TSurveyDefinitionInput) =>
      openId
        ? update("survey_schemas", openId, { title: definition.title, definition })
        : create("survey_schemas", { title: definition.title, definition }),
    invalidates: ["survey_schemas"],
    notice: openId ? SURVEY_NOTICES.updated : SURVEY_NOTICES.created,
    onSuccess: (row) => {
      setProblems([]);
      if (!openId) {
        setLoadedId(row.id);
        setParams({ survey: row.id });
      }
    },
    onFailure: (action) => {
      if (action?.kind === "fields")
        setProblems(Object.entries(action.fields).map(([path, message]) => `${pathText(path)} ${message}`));
    },
  });
  const destroy = useResourceMutation({
    mutationFn: (id: string) => remove("survey_schemas", id),
    invalidates: ["survey_schemas"],
    notice: SURVEY_NOTICES.deleted,
    onSuccess: () => setParams({}),
  });

  const submit = () => {
    const checked = ZSurveyDefinition.safeParse(draft);
    if (!checked.success) {
      setProblems(
        checked.error.issues.slice(0, 8).map((i) => `${pathText(i.path.map(String).join("/"))} ${i.message}`),
      );
      return;
    }
    save.mutate(draft);
  };

  const editor = (q: TSurveyQuestionInput, i: number, handle: React.ReactNode) => (
    <Paper withBorder p="sm" data-testid="question-editor">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {handle}
          <Select
            label={`Question ${i + 1}`}
            data={SURVEY_QUESTION_KINDS.map((k) => ({ value: k, label: SURVEY_QUESTION_KIND_LABELS[k] }))}
            value={q.kind}
            allowDeselect={false}
            onChange={(v) => v && setQuestion(i, withKind(q, v))}
            w={170}
          />
          <Switch
            label="Required"
            checked={q.required ?? false}
            onChange={(e) => setQuestion(i, { ...q, required: e.currentTarget.checked })}
            mb={8}
          />
          <Group gap={2} ml="auto" wrap="nowrap" mb={4}>
            <ActionIcon
              variant="subtle"
              aria-label="Move up"
              disabled={i === 0}
              onClick={() => moveQuestion(i, i - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label="Move down"
              disabled={i === draft.questions.length - 1}
              onClick={() => moveQuestion(i, i + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove question"
              onClick={() => setDraft((d) => ({ ...d, questions: d.questions.filter((_, j) => j !== i) }))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          aria-label={`Question ${i + 1} text`}
          placeholder="Question"
          value={q.title}
          onChange={(e) => setQuestion(i, { ...q, title: e.currentTarget.value })}
        />
        {(q.kind === "single" || q.kind === "multiple") && (
          <TagsInput
            label="Options"
            description="Type an option and press Enter"
            value={q.options}
            onChange={(options) => setQuestion(i, { ...q, options })}
          />
        )}
        {q.kind === "rating" && (
          <NumberInput
            label="Stars"
            min={3}
            max={10}
            value={q.scale ?? 5}
            onChange={(v) => setQuestion(i, { ...q, scale: typeof v === "number" ? v : 5 })}
            w={120}
          />
        )}
        {q.kind === "text" && (
          <Switch
            label="Long answer"
            checked={q.multiline ?? false}
            onChange={(e) => setQuestion(i, { ...q, multiline: e.currentTarget.checked })}
          />
        )}
      </Stack>
    </Paper>
  );

  return (
    <div>
      <PageHeader
        title="Survey Creator"
        count={list.data?.total}
        actions={
          <Group gap="xs">
            <Select
              aria-label="Open a survey"
              placeholder="Open a survey"
              data={(list.data?.data ?? []).map((s) => ({ value: s.id, label: s.attributes.title }))}
              value={openId}
              onChange={(v) => setParams(v ? { survey: v } : {})}
              clearable
              w={{ base: 150, sm: 240 }}
            />
            <Button variant="default" onClick={() => setParams({})}>
              New
            </Button>
            {openId && can(config.def.permission, "create") && (
              <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
                Send…
              </Button>
            )}
          </Group>
        }
      />
      {openId && (
        <SegmentedControl
          mb="md"
          aria-label="Survey view"
          data={[
            { value: "build", label: "Questions" },
            { value: "results", label: "Results" },
          ]}
          value={view}
          onChange={(v) =>
            setParams(v === "results" ? { survey: openId, view: "results" } : { survey: openId })
          }
        />
      )}
      {openId && (
        <SurveySendDialog
          surveyId={openId}
          title={record.data?.data.attributes.title ?? draft.title}
          opened={sending}
          onClose={() => setSending(false)}
        />
      )}
      {view === "results" && openId ? (
        <SurveyResults surveyId={openId} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <div>
            <Stack gap="sm">
              <TextInput
                label="Survey title"
                required
                value={draft.title}
                onChange={(e) => {
                  // Read the value now: React clears currentTarget before the updater runs.
                  const title = e.currentTarget.value;
                  setDraft((d) => ({ ...d, title }));
                }}
              />
              <Textarea
                label="Introduction"
                autosize
                minRows={1}
                value={draft.description ?? ""}
                onChange={(e) => {
                  const description = e.currentTarget.value || undefined;
                  setDraft((d) => ({ ...d, description }));
                }}
              />
              <SortableStack
                droppableId="survey-questions"
                items={draft.questions.map((q, i) => ({ q, i }))}
                keyOf={({ q, i }) => `${q.id}-${i}`}
                onDragEnd={(r) => r.destination && moveQuestion(r.source.index, r.destination.index)}
                itemClassName={() => undefined}
              >
                {({ q, i }, drag) => (
                  <div style={{ marginBottom: 8 }}>
                    {editor(
                      q,
                      i,
                      <ActionIcon
                        variant="subtle"
                        aria-label="Drag to reorder"
                        mb={4}
                        {...(drag.handleProps ?? {})}
                      >
                        <IconGripVertical size={16} />
                      </ActionIcon>,
                    )}
                  </div>
                )}
              </SortableStack>
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content">
                    Add question
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {SURVEY_QUESTION_KINDS.map((k) => (
                    <Menu.Item
                      key={k}
                      onClick={() =>
                        setDraft((d) => ({
                          ...d,
                          questions: [
                            ...d.questions,
                            newQuestion(
                              k,
                              d.questions.map((q) => q.id),
                            ),
                          ],
                        }))
                      }
                    >
                      {SURVEY_QUESTION_KIND_LABELS[k]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              {problems.length > 0 && (
                <Alert color="red" title="The survey cannot be saved yet" data-testid="survey-problems">
                  <Stack gap={2}>
                    {problems.map((p) => (
                      <Text size="sm" key={p}>
                        {p}
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              )}
              {mayWrite && (
                <Group>
                  <Button onClick={submit} loading={save.isPending}>
                    Save survey
                  </Button>
                  {openId && can(config.def.permission, "delete") && (
                    <Button
                      variant="subtle"
                      color="red"
                      loading={destroy.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete the survey "${draft.title}"?`)) destroy.mutate(openId);
                      }}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </div>
          <div>
            <Text fw={600} size="sm" mb="xs">
              Preview
            </Text>
            <SurveyPreview definition={draft} />
          </div>
        </SimpleGrid>
      )}
    </div>
  );
};
