import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconFileText, IconTrash, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  CONTRACT_PLACEHOLDERS,
  MLC_PARTICULARS,
  owners,
  ZTemplateChecks,
  type TTemplateCheck,
} from "@crew/contracts";
import { downloadFile, removeFile, runActionFor, uploadErrorMessage, uploadFile } from "../../api";
import type { TOneRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

type TStored = { id: number; filename: string; url: string };
const ZWarnings = (meta: unknown): string[] => {
  const warnings = (meta as { warnings?: unknown } | undefined)?.warnings;
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === "string") : [];
};
const storedOf = (value: unknown): TStored[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter(
    (f): f is TStored => typeof f === "object" && f !== null && "id" in f && "filename" in f,
  );

/** One template attribute: its files, an upload, removal, and each file's check. */
const TemplateFiles = ({
  ownerId,
  attribute,
  title,
  files,
  checks,
  mayWrite,
}: {
  ownerId: string;
  attribute: "contract_template" | "document_templates";
  title: string;
  files: TStored[];
  checks: TTemplateCheck[];
  mayWrite: boolean;
}) => {
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  // An upload's refusal is this card's own business: the server's sentence (unknown placeholder,
  // not a .docx, too large) stands in the card beside the button, not in a passing notice.
  const upload = useResourceMutation({
    mutationFn: (file: File) => uploadFile("owners", ownerId, attribute, file),
    invalidates: ["owners"],
    onSuccess: (answer) => setWarnings(ZWarnings(answer.meta)),
    refusal: (e, file) => {
      setError(uploadErrorMessage(e, file));
      return true;
    },
  });
  const remove = useResourceMutation({
    mutationFn: (id: number) => removeFile(id),
    invalidates: ["owners"],
  });
  const busy = upload.isPending || remove.isPending;
  const pick = (file: File | null) => {
    if (!file) return;
    setError(null);
    setWarnings([]);
    upload.mutate(file);
  };
  return (
    <Card withBorder padding="md" data-testid={`templates-${attribute}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{title}</Title>
        {mayWrite ? (
          <FileButton
            onChange={pick}
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          >
            {(props) => (
              <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={busy}>
                {attribute === "contract_template" && files.length ? "Replace" : "Upload .docx"}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" mb="xs" title="Not uploaded">
          {error}
        </Alert>
      ) : null}
      {warnings.map((w) => (
        <Alert
          key={w}
          color="yellow"
          mb="xs"
          icon={<IconAlertTriangle size={16} />}
          title="Uploaded, with a warning"
        >
          {w}
        </Alert>
      ))}
      {files.length === 0 ? (
        <Text c="dimmed" size="sm">
          {attribute === "contract_template" ? "No contract template yet." : "No document templates yet."}
        </Text>
      ) : (
        <Stack gap="xs">
          {files.map((f) => {
            const check = checks.find((c) => c.file_id === f.id);
            return (
              <Stack key={f.id} gap={4}>
                <Group gap="xs" wrap="wrap">
                  <IconFileText size={16} />
                  <Anchor component="button" type="button" onClick={() => void downloadFile(f.url)}>
                    {f.filename}
                  </Anchor>
                  {check && !check.problems.length && !check.missing_particulars.length ? (
                    <Badge color="green" variant="light" size="sm">
                      {attribute === "contract_template" ? "fills every MLC particular" : "checked"}
                    </Badge>
                  ) : null}
                  {mayWrite ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${f.filename}`}
                      onClick={() => remove.mutate(f.id)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  ) : null}
                </Group>
                {check?.missing_particulars.length ? (
                  <Text size="sm" c="yellow.8">
                    Lacks what MLC 2006 Standard A2.1 requires: {check.missing_particulars.join(", ")}.
                  </Text>
                ) : null}
                {check?.problems.map((p) => (
                  <Text key={p} size="sm" c="red">
                    {p}
                  </Text>
                ))}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Card>
  );
};

/** The placeholders a template may use, by group, and how loops and conditions are written. */
export const PlaceholderReference = () => (
  <Card withBorder padding="md" data-testid="placeholder-reference">
    <Title order={4} mb="xs">
      Placeholders
    </Title>
    <Text size="sm" mb="sm">
      Write the template in Word and put a placeholder in braces where a value goes:{" "}
      <Code>{"{seafarer_full_name}"}</Code>. A loop repeats its text for each item:{" "}
      <Code>{"{#identity_documents}{kind} {number}{/identity_documents}"}</Code>; a condition shows its text
      only when the value is not empty: <Code>{"{#collective_agreement}…{/collective_agreement}"}</Code>, and{" "}
      <Code>{"{^name}…{/name}"}</Code> when it is. Nothing else is evaluated. Wage components and bonuses from
      the owner's wage scale are not placeholders yet; <Code>{"{wage_offered}"}</Code> is the plan's offer.
    </Text>
    <Table striped withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Placeholder</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {CONTRACT_PLACEHOLDERS.flatMap((g) => [
          <Table.Tr key={g.group}>
            <Table.Td colSpan={2}>
              <Text fw={600} size="sm">
                {g.group}
              </Text>
            </Table.Td>
          </Table.Tr>,
          ...g.placeholders.map((p) => (
            <Table.Tr key={p.name}>
              <Table.Td>
                <Code>{`{${p.name}}`}</Code>
              </Table.Td>
              <Table.Td>{p.description}</Table.Td>
            </Table.Tr>
          )),
          ...(g.loops ?? []).map((l) => (
            <Table.Tr key={l.name}>
              <Table.Td>
                <Code>{`{#${l.name}}…{/${l.name}}`}</Code>
              </Table.Td>
              <Table.Td>
                {l.description}; each with {l.item.map((i) => `{${i.name}}`).join(", ")}
              </Table.Td>
            </Table.Tr>
          )),
        ])}
      </Table.Tbody>
    </Table>
    <Text size="sm" mt="sm" c="dimmed">
      A contract template is checked for the particulars of MLC 2006 Standard A2.1:{" "}
      {MLC_PARTICULARS.map((m) => m.particular).join("; ")}.
    </Text>
  </Card>
);

/** /owners/:id/templates: the contract template, the document templates, their checks and the placeholder list. */
export const OwnerTemplates = ({ one }: { one: TOneRecord }) => {
  const { can } = useSession();
  const ownerId = one.record.id;
  const check = useQuery({
    queryKey: ["owners", "template_check", ownerId],
    queryFn: () => runActionFor(owners, "template_check", { id: ownerId, input: {} }, ZTemplateChecks),
  });
  const mayWrite = can("owners", "update");
  const checks = check.data?.data ?? [];
  return (
    <Stack gap="md">
      {check.data && !check.data.meta.pdf_available ? (
        <Alert color="blue" title="Contracts print as Word files">
          LibreOffice is not installed on this server, so contracts are given as .docx only (no PDF).
        </Alert>
      ) : null}
      {check.isLoading ? <Loader size="sm" /> : null}
      <TemplateFiles
        ownerId={ownerId}
        attribute="contract_template"
        title="Contract template"
        files={storedOf(one.record.attributes.contract_template)}
        checks={checks}
        mayWrite={mayWrite}
      />
      <TemplateFiles
        ownerId={ownerId}
        attribute="document_templates"
        title="Document templates"
        files={storedOf(one.record.attributes.document_templates)}
        checks={checks}
        mayWrite={mayWrite}
      />
      <PlaceholderReference />
    </Stack>
  );
};
