import type { TSurveyDefinitionInput } from "@crew/contracts";
import {
  Checkbox,
  FileInput,
  NumberInput,
  Paper,
  Radio,
  Rating,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";

/** The survey as the seafarer will see it (answers are not kept: a preview). */
export const SurveyPreview = ({ definition }: { definition: TSurveyDefinitionInput }) => (
  <Paper withBorder p="md" data-testid="survey-preview">
    <Stack gap="md">
      <div>
        <Title order={3} fz={20}>
          {definition.title || "Untitled survey"}
        </Title>
        {definition.description && (
          <Text size="sm" c="dimmed" mt={4}>
            {definition.description}
          </Text>
        )}
      </div>
      {definition.questions.length === 0 && (
        <Text size="sm" c="dimmed">
          Add a question to see it here.
        </Text>
      )}
      {definition.questions.map((q, i) => {
        const label = `${i + 1}. ${q.title || "Untitled question"}`;
        const common = { label, description: q.description, withAsterisk: q.required ?? false };
        switch (q.kind) {
          case "text":
            return q.multiline ? (
              <Textarea key={i} {...common} autosize minRows={2} />
            ) : (
              <TextInput key={i} {...common} />
            );
          case "number":
            return <NumberInput key={i} {...common} min={q.min} max={q.max} />;
          case "date":
            return <TextInput key={i} {...common} type="date" />;
          case "single":
            return (
              <Radio.Group key={i} {...common}>
                <Stack gap={6} mt={6}>
                  {q.options.map((o, j) => (
                    <Radio key={j} value={`${j}`} label={o} />
                  ))}
                </Stack>
              </Radio.Group>
            );
          case "multiple":
            return (
              <Checkbox.Group key={i} {...common}>
                <Stack gap={6} mt={6}>
                  {q.options.map((o, j) => (
                    <Checkbox key={j} value={`${j}`} label={o} />
                  ))}
                </Stack>
              </Checkbox.Group>
            );
          case "rating":
            return (
              <Stack key={i} gap={4}>
                <Text size="sm" fw={500}>
                  {label}
                  {q.required ? " *" : ""}
                </Text>
                <Rating count={q.scale ?? 5} aria-label={label} />
              </Stack>
            );
          case "yes_no":
            return (
              <Stack key={i} gap={4}>
                <Text size="sm" fw={500}>
                  {label}
                  {q.required ? " *" : ""}
                </Text>
                <SegmentedControl data={["Yes", "No"]} defaultValue="" w="fit-content" aria-label={label} />
              </Stack>
            );
          case "file":
            return <FileInput key={i} {...common} placeholder="Choose a file" />;
          default:
            return null;
        }
      })}
    </Stack>
  </Paper>
);
