import { comments, formatDate, type ZInteraction } from "@crew/contracts";
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { z } from "zod";
import { runActionFor, uploadToAction } from "../../api";
import { DateField } from "../../resources/fields/DateFields";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";
import { optionsOf, useApplicantChoices } from "../applicants/use-applicant-choices";
import { bodyHtml } from "./comment-body";
import {
  changesOf,
  clearDraft,
  EMPTY_DRAFT,
  readDraft,
  writeDraft,
  type TApplicantNow,
  type TInteractionDraft,
} from "./interaction-draft";
import { MentionTextarea } from "./MentionTextarea";
import { useInteractionOptions } from "./use-comments";

type TInteractionInput = z.input<typeof ZInteraction>;

const ZAnswer = z.object({ meta: z.object({ message: z.string() }).partial().optional() }).passthrough();

interface TProps {
  userId: string;
  now: TApplicantNow;
  onClose: () => void;
}

/**
 * The new-comment dialog of an applicant (spec 001 §3, §4): the event (type, result, source), the
 * text with mentions, one file, and the applicant's fields the contact changes on the spot. What
 * the save will change is listed above the button; nothing else is sent. The draft is kept in
 * the browser while typing (a reload or a closed dialog does not lose it) until it is saved or
 * discarded.
 */
export const InteractionDialog = ({ userId, now, onClose }: TProps) => {
  const { can } = useSession();
  const mayUpdate = can("users", "update");
  const options = useInteractionOptions();
  const choices = useApplicantChoices();
  const [draft, setDraft] = useState<TInteractionDraft>(() => readDraft(userId));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => writeDraft(userId, draft), [userId, draft]);
  const set = (patch: Partial<TInteractionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const types = useMemo(() => (options.data?.types ?? []).filter((t) => t.can_create), [options.data]);
  const type = types.find((t) => t.code === draft.category);
  const statuses = optionsOf(choices.data?.crewing_statuses, (s) => s.title);
  const statusTitle = (id: string | null) =>
    statuses.find((s) => s.value === id)?.label ?? (id ? `#${id}` : "—");
  const changes = mayUpdate ? changesOf(draft, now, { date: (d) => formatDate(d), status: statusTitle }) : [];

  const save = useResourceMutation({
    mutationFn: async () => {
      const fields: Record<string, string> = { user_id: userId, category: draft.category };
      const html = bodyHtml(draft.body, draft.mentions);
      if (html) fields.body = html;
      if (draft.event_result) fields.event_result = draft.event_result;
      if (draft.comment_source_id) fields.comment_source_id = draft.comment_source_id;
      for (const change of changes) fields[change.field] = change.value;
      if (file) return ZAnswer.parse(await uploadToAction(comments, "interaction", fields, "file", file));
      const { hot, ...rest } = fields;
      const input: TInteractionInput = {
        ...rest,
        user_id: userId,
        category: draft.category,
        ...(hot === undefined ? {} : { hot: hot === "true" }),
      };
      return runActionFor(comments, "interaction", { input }, ZAnswer);
    },
    notice: (answer) => answer.meta?.message ?? "The comment created successfully",
    invalidates: [comments.type, "users"],
    onSuccess: () => {
      clearDraft(userId);
      onClose();
    },
    onFailure: (action) => {
      if (action?.kind === "fields") setErrors(action.fields);
    },
  });

  const discard = () => {
    clearDraft(userId);
    setDraft(EMPTY_DRAFT);
    setFile(null);
    setErrors({});
  };
  const typeMissing = draft.category === "";

  return (
    <Modal opened onClose={onClose} title="New comment" size="lg" data-testid="interaction-dialog">
      <Stack gap="sm">
        {options.isError ? <Alert color="red">The comment types could not be loaded.</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Event"
            placeholder="Choose"
            required
            data={types.map((t) => ({ value: t.code, label: t.title }))}
            value={draft.category || null}
            onChange={(v) => set({ category: v ?? "", event_result: "" })}
            error={errors.category}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Result"
            placeholder={type?.results.length ? "Choose" : "—"}
            clearable
            disabled={!type?.results.length}
            data={(type?.results ?? []).map((r) => r.title)}
            value={draft.event_result || null}
            onChange={(v) => set({ event_result: v ?? "" })}
            error={errors.event_result}
          />
          <Select
            label="Source"
            placeholder="Choose"
            clearable
            data={(options.data?.sources ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            value={draft.comment_source_id || null}
            onChange={(v) => set({ comment_source_id: v ?? "" })}
            error={errors.comment_source_id}
          />
        </SimpleGrid>
        <MentionTextarea
          label="Comment"
          value={draft.body}
          mentions={draft.mentions}
          onChange={(body, mentions) => set({ body, mentions })}
          error={errors.body}
        />
        <FileInput
          label="Attachment"
          placeholder="One file (optional)"
          leftSection={<IconPaperclip size={16} />}
          clearable
          value={file}
          onChange={setFile}
          error={errors.file}
          data-testid="comment-file"
        />
        {mayUpdate ? (
          <>
            <Text size="sm" fw={600} mt="xs">
              Change the applicant
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateField
                label="Readiness date"
                value={draft.readiness_date}
                onChange={(v) => set({ readiness_date: v })}
                error={errors.readiness_date}
              />
              <Select
                label="Crewing status"
                placeholder="Unchanged"
                clearable
                searchable
                data={statuses}
                value={draft.crewing_status_id || null}
                onChange={(v) => set({ crewing_status_id: v ?? "" })}
                error={errors.crewing_status_id}
              />
              <NumberInput
                label="Expected wage, USD/month"
                placeholder="Unchanged"
                min={0}
                max={1_000_000}
                value={draft.wage === "" ? "" : Number(draft.wage)}
                onChange={(v) => set({ wage: typeof v === "number" ? String(v) : "" })}
                error={errors.wage}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Hot
                </Text>
                <SegmentedControl
                  aria-label="Hot"
                  value={draft.hot === "" ? "same" : draft.hot}
                  onChange={(v) => set({ hot: v === "yes" || v === "no" ? v : "" })}
                  data={[
                    { value: "same", label: "Unchanged" },
                    { value: "yes", label: "Yes" },
                    { value: "no", label: "No" },
                  ]}
                />
              </Stack>
            </SimpleGrid>
          </>
        ) : null}
        <Alert
          variant="light"
          color={changes.length ? "orange" : "gray"}
          title={
            changes.length ? "Saving will change the applicant" : "Saving changes nothing on the applicant"
          }
          data-testid="interaction-changes"
        >
          {changes.length ? (
            <List size="sm" spacing={2}>
              {changes.map((c) => (
                <List.Item key={c.field}>
                  {c.label}: {c.from} → {c.to}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">Only the comment{draft.category ? " and its event" : ""} will be added.</Text>
          )}
        </Alert>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={discard}>
            Discard draft
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={typeMissing}
              data-testid="interaction-save"
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
};
