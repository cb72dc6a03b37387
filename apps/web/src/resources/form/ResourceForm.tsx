import type { TResourceDef } from "@crew/contracts";
import { Alert, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import { FieldInput } from "../fields/field-kinds";
import { isFileDraft, type TFileDraft } from "../fields/file-draft";
import { changedDrafts, syncFiles, type TFileSyncEvent } from "./file-sync";
import {
  fieldMessage,
  fileDrafts,
  formFields,
  initialValues,
  toPayload,
  validatePayload,
  type TFieldErrors,
  type TFormField,
  type TFormMode,
  type TFormValue,
  type TFormValues,
  type TPayload,
} from "./form-model";
import { RestoredDraft, useDraftValues } from "./form-guard";
import { ChangesPreview } from "./ChangesPreview";
import { FormButtons } from "./FormButtons";
import { RelationshipField } from "./RelationshipField";

/** What saving the record gave: the saved record, field errors to show (a 422), or null when the failure was handled (a notice). */
export type TSaveOutcome = { record: TResourceRecord } | { errors: TFieldErrors } | null;

export interface TResourceFormProps {
  def: TResourceDef;
  mode: TFormMode;
  record?: TResourceRecord;
  included?: TIncluded;
  /** Saves the record (create or update); files go up afterwards, from the form. */
  onSubmit: (payload: TPayload) => Promise<TSaveOutcome>;
  /**
   * The record and its files are saved. With `failedFiles` above 0 some files did not go up:
   * the form stays, showing each file's error, and offers only Close.
   */
  onSaved: (record: TResourceRecord, failedFiles: number) => void | Promise<void>;
  onCancel: () => void;
  submitLabel?: string;
  /** Fields the caller fills in itself (a nested list's parent). */
  hiddenFields?: readonly string[];
  /**
   * Titled groups of fields, in this order (a sea-service record's vessel, then its contract);
   * fields no group names follow at the end. Default: the definition's order, ungrouped.
   */
  layout?: readonly TFormSection[];
  /** Inputs of the caller's own after the definition's fields (an owner's terms), above the buttons. */
  extra?: ReactNode;
  /**
   * What the save will change beyond the record's own fields (an owner's templates and terms),
   * one line each. When it names anything the form shows the lines in place of its buttons and
   * saves only once the user confirms them; nothing to name saves at once.
   */
  review?: (payload: TPayload, files: Record<string, TFileDraft>) => string[];
}

export interface TFormSection {
  title?: string;
  /** A line under the title. */
  description?: string;
  fields: readonly string[];
  /** Fields side by side on wide screens (one column on phones). */
  columns?: 2 | 3;
}

type TPhase = "editing" | "saving" | "uploading" | "files-failed";

/** The caller fills hidden fields in (a nested list's parent): they are neither sent nor checked here. */
const omit = <V,>(record: Record<string, V>, names: readonly string[]): Record<string, V> =>
  names.length
    ? Object.fromEntries(Object.entries(record).filter(([name]) => !names.includes(name)))
    : record;

const labelOf = (field: TFormField): string =>
  field.source === "relationship" ? field.rel.label : field.attr.label;

const withUploadState = (values: TFormValues, event: TFileSyncEvent): TFormValues => {
  const draft = values[event.attribute];
  if (!isFileDraft(draft)) return values;
  const next: TFileDraft = {
    ...draft,
    items: draft.items.map((i) => (i.key === event.key ? { ...i, upload: event.state } : i)),
  };
  return { ...values, [event.attribute]: next };
};

/** The fields in the layout's groups (what no group names goes last, untitled). */
const sectionsOf = (
  fields: readonly TFormField[],
  layout: readonly TFormSection[] | undefined,
): (Omit<TFormSection, "fields"> & { fields: TFormField[] })[] => {
  if (!layout) return [{ fields: [...fields] }];
  const named = new Set(layout.flatMap((s) => s.fields));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const groups = layout
    .map((s) => ({ ...s, fields: s.fields.flatMap((n) => byName.get(n) ?? []) }))
    .filter((s) => s.fields.length);
  const rest = fields.filter((f) => !named.has(f.name));
  return rest.length ? [...groups, { fields: rest }] : groups;
};

/**
 * A form built from the definition. It checks with the same zod schema the server uses
 * before sending, and shows the server's own field errors (422) under their fields. After
 * the save its file fields upload one file per second, each with its progress and error.
 */
export const ResourceForm = ({
  def,
  mode,
  record,
  included = new Map(),
  onSubmit,
  onSaved,
  onCancel,
  submitLabel,
  hiddenFields = [],
  layout,
  extra,
  review,
}: TResourceFormProps) => {
  const fields = formFields(def).filter((f) => !hiddenFields.includes(f.name));
  const [initial] = useState(() => initialValues(def, record));
  const { values, setValues, restored } = useDraftValues(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [phase, setPhase] = useState<TPhase>("editing");
  const [pending, setPending] = useState<{ lines: string[]; payload: TPayload } | null>(null);
  const labels = Object.fromEntries(fields.map((f) => [f.name, labelOf(f)]));
  // Errors naming no field of this form still need a place to be read.
  const otherErrors = Object.entries(errors).filter(([name]) => !(name in labels));
  const busy = phase === "saving" || phase === "uploading";
  const locked = phase !== "editing" || pending !== null;

  const set = (name: string, value: TFormValues[string]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _dropped, ...rest } = e;
      return rest;
    });
  };

  const uploadFiles = async (saved: TResourceRecord): Promise<void> => {
    const drafts = changedDrafts(fileDrafts(def, values), fileDrafts(def, initial));
    if (!Object.keys(drafts).length) return onSaved(saved, 0);
    setPhase("uploading");
    const result = await syncFiles(def, saved.id, drafts, (event) =>
      setValues((v) => withUploadState(v, event)),
    );
    setErrors((e) => ({ ...e, ...result.errors }));
    setPhase(result.failed ? "files-failed" : "editing");
    await onSaved(result.record ?? saved, result.failed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const full = toPayload(def, mode, values, initial);
    const payload: TPayload = {
      attributes: omit(full.attributes, hiddenFields),
      relationships: omit(full.relationships, hiddenFields),
    };
    const clientErrors = omit(validatePayload(def, mode, payload, values), hiddenFields);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) return;
    const lines = review?.(payload, changedDrafts(fileDrafts(def, values), fileDrafts(def, initial))) ?? [];
    if (lines.length) {
      setPending({ lines, payload });
      return;
    }
    await save(payload);
  };

  const save = async (payload: TPayload) => {
    setPending(null);
    setPhase("saving");
    const nothingToWrite =
      mode === "update" &&
      record &&
      !Object.keys(payload.attributes).length &&
      !Object.keys(payload.relationships).length;
    let outcome: TSaveOutcome;
    try {
      outcome = nothingToWrite ? { record } : await onSubmit(payload);
    } catch (error) {
      setPhase("editing");
      throw error;
    }
    if (!outcome || "errors" in outcome) {
      if (outcome) setErrors(outcome.errors);
      setPhase("editing");
      return;
    }
    await uploadFiles(outcome.record);
  };

  const message = (name: string): string | undefined => {
    const raw = errors[name];
    return raw ? fieldMessage(labels[name] ?? name, raw) : undefined;
  };

  const sections = sectionsOf(fields, layout);
  const renderField = (field: TFormField, first: boolean) => {
    // What every input of the form takes, whatever it edits.
    const common = {
      name: field.name,
      value: values[field.name] ?? null,
      error: message(field.name),
      disabled: locked,
      onChange: (next: TFormValue) => set(field.name, next),
    };
    return field.source === "relationship" ? (
      <RelationshipField key={field.name} {...common} rel={field.rel} record={record} included={included} />
    ) : (
      <FieldInput
        key={field.name}
        {...common}
        attr={field.attr}
        mode={mode}
        required={Boolean(field.attr.required) && (mode === "create" || field.attr.kind !== "password")}
        autoFocus={first}
      />
    );
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`${mode === "create" ? "New" : "Edit"} ${def.label.one.toLowerCase()}`}
    >
      <Stack gap="md">
        {otherErrors.length ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {otherErrors.map(([name, text]) => (
              <div key={name}>{fieldMessage(name, text)}</div>
            ))}
          </Alert>
        ) : null}
        {restored ? <RestoredDraft /> : null}
        {phase === "files-failed" ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`The ${def.label.one.toLowerCase()} is saved`}
          >
            Some files were not uploaded; each says why below. Open the form again to retry them.
          </Alert>
        ) : null}
        {sections.map((section, sectionIndex) => (
          <Stack key={section.title ?? sectionIndex} gap="sm">
            {section.title ? (
              <div>
                <Text fw={650} size="sm">
                  {section.title}
                </Text>
                {section.description ? (
                  <Text size="xs" c="dimmed">
                    {section.description}
                  </Text>
                ) : null}
              </div>
            ) : null}
            {section.columns ? (
              <SimpleGrid cols={{ base: 1, xs: section.columns }} spacing="md" verticalSpacing="sm">
                {section.fields.map((field) => renderField(field, field === sections[0]?.fields[0]))}
              </SimpleGrid>
            ) : (
              section.fields.map((field) => renderField(field, field === sections[0]?.fields[0]))
            )}
          </Stack>
        ))}
        {extra}
        {pending ? (
          <ChangesPreview
            lines={pending.lines}
            onConfirm={() => void save(pending.payload)}
            onBack={() => setPending(null)}
          />
        ) : (
          <FormButtons
            mode={mode}
            busy={busy}
            onCancel={onCancel}
            saved={phase === "files-failed"}
            submitLabel={submitLabel}
            mt="xs"
          />
        )}
      </Stack>
    </form>
  );
};
