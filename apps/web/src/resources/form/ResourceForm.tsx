import type { TResourceDef } from "@crew/contracts";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import { relatedTitle } from "../list/columns";
import { FieldInput } from "./FieldInput";
import {
  fieldMessage,
  formFields,
  initialValues,
  toPayload,
  validatePayload,
  type TFieldErrors,
  type TFormMode,
  type TFormValues,
  type TPayload,
} from "./form-model";
import { RelationshipSelect } from "./RelationshipSelect";

export interface TResourceFormProps {
  def: TResourceDef;
  mode: TFormMode;
  record?: TResourceRecord;
  included?: TIncluded;
  /** Sends the payload; resolves with field errors to show (a 422), or nothing when done. */
  onSubmit: (payload: TPayload) => Promise<TFieldErrors | void>;
  onCancel: () => void;
  submitLabel?: string;
}

/**
 * A form built from the definition. It checks with the same zod schema the server uses
 * before sending, and shows the server's own field errors (422) under their fields.
 */
export const ResourceForm = ({ def, mode, record, included = new Map(), onSubmit, onCancel, submitLabel }: TResourceFormProps) => {
  const fields = formFields(def);
  const [initial] = useState(() => initialValues(def, record));
  const [values, setValues] = useState<TFormValues>(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.source === "attribute" ? f.attr.label : f.rel.label]));
  // Errors naming no field of this form still need a place to be read.
  const otherErrors = Object.entries(errors).filter(([name]) => !(name in labels));

  const set = (name: string, value: TFormValues[string]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _dropped, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = toPayload(def, mode, values, initial);
    const clientErrors = validatePayload(def, mode, payload);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length) return;
    setSubmitting(true);
    try {
      const serverErrors = await onSubmit(payload);
      if (serverErrors) setErrors(serverErrors);
    } finally {
      setSubmitting(false);
    }
  };

  const message = (name: string): string | undefined => {
    const raw = errors[name];
    return raw ? fieldMessage(labels[name] ?? name, raw) : undefined;
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${mode === "create" ? "New" : "Edit"} ${def.label.one.toLowerCase()}`}>
      <Stack gap="md">
        {otherErrors.length ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {otherErrors.map(([name, text]) => (
              <div key={name}>{fieldMessage(name, text)}</div>
            ))}
          </Alert>
        ) : null}
        {fields.map((field, index) => {
          const value = values[field.name] ?? null;
          return field.source === "attribute" ? (
            <FieldInput
              key={field.name}
              name={field.name}
              attr={field.attr}
              mode={mode}
              value={value}
              error={message(field.name)}
              onChange={(next) => set(field.name, next)}
              autoFocus={index === 0}
            />
          ) : (
            <RelationshipSelect
              key={field.name}
              label={field.rel.label}
              name={field.name}
              type={field.rel.type}
              withAsterisk={field.rel.required}
              placeholder={`Choose ${field.rel.label.toLowerCase()}`}
              value={typeof value === "string" ? value : null}
              selectedLabel={record ? relatedTitle(record, field.name, included) : undefined}
              error={message(field.name)}
              onChange={(next) => set(field.name, next)}
            />
          );
        })}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel ?? (mode === "create" ? "Create" : "Save changes")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
