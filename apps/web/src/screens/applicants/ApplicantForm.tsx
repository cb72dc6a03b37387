import { GENDER_OPTIONS, attributeOf, applicants, type TAttributeDef } from "@crew/contracts";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { IconAlertTriangle, IconCopy } from "@tabler/icons-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { notifyError } from "../../notices";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { FieldInput } from "../../resources/fields/field-kinds";
import { changedDrafts, syncFiles } from "../../resources/form/file-sync";
import {
  fieldMessage,
  fileDrafts,
  initialValues,
  toPayload,
  validatePayload,
  type TFieldErrors,
  type TFormValue,
  type TPayload,
} from "../../resources/form/form-model";
import { FormButtons } from "../../resources/form/FormButtons";
import type { TResourceFormProps, TSaveOutcome } from "../../resources/form/ResourceForm";
import { useSession } from "../../session/use-session";
import { optionsOf, useApplicantChoices } from "./use-applicant-choices";
import { PLACEMENT_CHOICES } from "./applicant-display";
import { UPDATE_APPLICANT_ERROR } from "./applicant-messages";
import { RestoredDraft, useDraftValues } from "../../resources/form/form-guard";

/** The sections of the applicant form, in reading order. */
const SECTIONS: readonly { title: string; fields: readonly string[] }[] = [
  {
    title: "Seafarer",
    fields: ["surname", "name", "middle", "birthday", "gender", "country_birth", "avatar"],
  },
  {
    title: "Contacts",
    fields: [
      "mobile_phone",
      "mobile_phone_alternative",
      "phonehome",
      "email",
      "email_alternative",
      "address",
    ],
  },
  {
    title: "Crewing",
    fields: ["role", "status", "crewing_status_id", "readiness_date", "wage", "us_visa_doe", "tags"],
  },
  {
    title: "Sizes (protective equipment)",
    fields: ["coverall_size", "shoe_size", "height", "weight"],
  },
  {
    title: "Marks",
    fields: [
      "hot",
      "no_call_answer",
      "ex_scg",
      "stable_employee",
      "need_reaction",
      "need_education",
      "archived",
    ],
  },
  {
    title: "External databases and messenger",
    fields: ["ukr_crewing_id", "crewell_id", "maritime_zone_id", "telegram_user_id"],
  },
];
const WIDE = new Set(["address", "tags", "avatar"]);

/** "matches applicant 100023 (Kovalenko Ivan, id 17) by email" → the other applicant's id. */
const duplicateOf = (errors: TFieldErrors): { field: string; text: string; id: string } | null => {
  for (const [field, text] of Object.entries(errors)) {
    const m = /^matches applicant .*\bid (\d+)\)/.exec(text);
    if (m?.[1]) return { field, text, id: m[1] };
  }
  return null;
};

/**
 * The applicant's form (new and edit) in sections. Ranks, countries, crewing statuses and tags
 * come from users/choices, so every role that may write applicants can pick them. The status
 * offers the spec's labels with on board and completed disabled and empty read as Vacancy. A
 * duplicate (422 naming the existing applicant) offers to open it or to create anyway; after a
 * create the applicant's comments open in a new browser tab.
 */
export const ApplicantForm = ({ def, mode, record, onSubmit, onSaved, onCancel }: TResourceFormProps) => {
  const { can } = useSession();
  const choices = useApplicantChoices();
  const [initial] = useState(() => initialValues(def, record));
  const { values, setValues, restored } = useDraftValues(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const duplicate = duplicateOf(errors);
  const mayTag = can("tags", "update");
  const alertRef = useRef<HTMLDivElement>(null);
  // The dialog is scrolled to its buttons when the answer comes: bring the duplicate notice into view.
  useEffect(() => {
    if (duplicate) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [duplicate?.id]);

  const set = (name: string, value: TFormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _dropped, ...rest } = e;
      return rest;
    });
  };
  const attr = (name: string): TAttributeDef | undefined => attributeOf(applicants, name);
  const message = (name: string): string | undefined => {
    const raw = errors[name];
    const label =
      attr(name)?.label ??
      applicants.relationships[name as keyof typeof applicants.relationships]?.label ??
      name;
    return raw ? fieldMessage(label, raw) : undefined;
  };

  const save = async (knowingDuplicate: boolean) => {
    const full = toPayload(def, mode, values, initial);
    const payload: TPayload = knowingDuplicate
      ? { ...full, attributes: { ...full.attributes, knowing_duplicate: true } }
      : full;
    if (!mayTag) delete payload.relationships.tags;
    const clientErrors = validatePayload(def, mode, payload);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) return;
    if (
      mode === "update" &&
      record &&
      !Object.keys(payload.attributes).length &&
      !Object.keys(payload.relationships).length &&
      !Object.keys(changedDrafts(fileDrafts(def, values), fileDrafts(def, initial))).length
    ) {
      await onSaved(record, 0);
      return;
    }
    setBusy(true);
    let outcome: TSaveOutcome;
    try {
      outcome = await onSubmit(payload);
    } finally {
      setBusy(false);
    }
    if (!outcome || "errors" in outcome) {
      if (outcome) setErrors(outcome.errors);
      if (mode === "update") notifyError(UPDATE_APPLICANT_ERROR);
      return;
    }
    await afterSave(outcome.record);
  };

  const afterSave = async (saved: TResourceRecord) => {
    // Spec 001 §2: a new applicant's comments open in a new browser tab.
    if (mode === "create") window.open(`/users/${saved.id}/comments`, "_blank", "noopener");
    const drafts = changedDrafts(fileDrafts(def, values), fileDrafts(def, initial));
    if (!Object.keys(drafts).length) return onSaved(saved, 0);
    setBusy(true);
    const result = await syncFiles(def, saved.id, drafts, () => undefined);
    setBusy(false);
    setErrors((e) => ({ ...e, ...result.errors }));
    await onSaved(result.record ?? saved, result.failed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void save(false);
  };

  const select = (
    name: string,
    label: string,
    data: { value: string; label: string; disabled?: boolean }[],
    extra: { placeholder?: string; required?: boolean } = {},
  ) => (
    <Select
      key={name}
      label={label}
      data={data}
      value={
        typeof values[name] === "string" || typeof values[name] === "number" ? String(values[name]) : null
      }
      onChange={(v) => set(name, v)}
      searchable
      clearable={!extra.required}
      placeholder={extra.placeholder ?? "—"}
      error={message(name)}
      disabled={busy}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage="Nothing found"
    />
  );

  const field = (name: string): ReactNode => {
    switch (name) {
      case "role":
        return select(
          name,
          "Rank",
          optionsOf(choices.data?.ranks, (r) => r.title),
        );
      case "country_birth":
        return select(
          name,
          "Country of birth",
          optionsOf(choices.data?.countries, (c) => c.name),
        );
      case "crewing_status_id":
        return (
          <Select
            key={name}
            label="Crewing status"
            data={optionsOf(choices.data?.crewing_statuses, (s) => s.title)}
            value={typeof values[name] === "number" ? String(values[name]) : null}
            onChange={(v) => set(name, v === null ? "" : Number(v))}
            clearable
            placeholder="—"
            error={message(name)}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case "status":
        return select(name, "Status", PLACEMENT_CHOICES, { placeholder: "Vacancy" });
      case "gender":
        return select(name, "Gender", [...GENDER_OPTIONS]);
      case "tags":
        return mayTag ? (
          <MultiSelect
            key={name}
            label="Tags"
            data={optionsOf(choices.data?.tags, (t) => t.name)}
            value={Array.isArray(values[name]) ? values[name] : []}
            onChange={(v) => set(name, v)}
            searchable
            clearable
            error={message(name)}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null;
      default: {
        const a = attr(name);
        if (!a) return null;
        return (
          <FieldInput
            key={name}
            name={name}
            attr={a}
            mode={mode}
            value={values[name] ?? null}
            required={Boolean(a.required)}
            error={message(name)}
            disabled={busy}
            onChange={(next) => set(name, next)}
            autoFocus={name === "surname"}
          />
        );
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={mode === "create" ? "New seafarer" : "Edit seafarer"}>
      <Stack gap="md">
        {restored ? <RestoredDraft /> : null}
        {duplicate ? (
          <Alert
            ref={alertRef}
            color="orange"
            variant="light"
            icon={<IconCopy size={18} />}
            title="This seafarer may already be in the database"
          >
            <Stack gap="xs">
              <Text size="sm">
                {fieldMessage(attr(duplicate.field)?.label ?? duplicate.field, duplicate.text)}.
              </Text>
              <Group gap="sm">
                <Anchor component={Link} to={`/users/${duplicate.id}/details`} size="sm" target="_blank">
                  Open the existing applicant
                </Anchor>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  loading={busy}
                  onClick={() => void save(true)}
                >
                  {mode === "create" ? "Create anyway" : "Save anyway"}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {Object.entries(errors).some(([name]) => !SECTIONS.some((s) => s.fields.includes(name))) ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {Object.entries(errors)
              .filter(([name]) => !SECTIONS.some((s) => s.fields.includes(name)))
              .map(([name, text]) => (
                <div key={name}>{fieldMessage(name, text)}</div>
              ))}
          </Alert>
        ) : null}
        {SECTIONS.map((section, i) => (
          <Stack key={section.title} gap="sm">
            {i > 0 ? <Divider /> : null}
            <Text size="sm" fw={650} c="dimmed" tt="uppercase" lts={0.4}>
              {section.title}
            </Text>
            <SimpleGrid
              cols={{ base: 1, sm: section.title === "Marks" ? 3 : 2 }}
              spacing="md"
              verticalSpacing="sm"
            >
              {section.fields.map((name) =>
                WIDE.has(name) ? (
                  <div key={name} style={{ gridColumn: "1 / -1" }}>
                    {field(name)}
                  </div>
                ) : (
                  field(name)
                ),
              )}
            </SimpleGrid>
          </Stack>
        ))}
        <FormButtons mode={mode} busy={busy} onCancel={onCancel} mt="xs" />
      </Stack>
    </form>
  );
};
