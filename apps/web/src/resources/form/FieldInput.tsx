import type { TAttributeDef } from "@crew/contracts";
import {
  Avatar,
  NumberInput,
  PasswordInput,
  Select,
  Skeleton,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { lazy, Suspense } from "react";
import type { TFormMode, TFormValue } from "./form-model";

const DateField = lazy(() => import("./DateFields").then((m) => ({ default: m.DateField })));
const DateTimeField = lazy(() => import("./DateFields").then((m) => ({ default: m.DateTimeField })));

export interface TFieldInputProps {
  name: string;
  attr: TAttributeDef;
  mode: TFormMode;
  value: TFormValue;
  error?: string;
  onChange: (value: TFormValue) => void;
  autoFocus?: boolean;
}

const asText = (v: TFormValue): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The editor of one attribute, chosen by its kind in the definition. */
export const FieldInput = ({ name, attr, mode, value, error, onChange, autoFocus }: TFieldInputProps) => {
  const required = Boolean(attr.required) && (mode === "create" || attr.kind !== "password");
  // Mantine's dialog focus trap starts at [data-autofocus], else at its close button.
  const common = { label: attr.label, error, withAsterisk: required, name, "data-autofocus": autoFocus || undefined };
  switch (attr.kind) {
    case "textarea":
      return <Textarea {...common} autosize minRows={3} maxRows={10} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "email":
      return <TextInput {...common} type="email" autoComplete="off" value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "password":
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          description={mode === "update" ? "Leave empty to keep the current password" : "At least 8 characters"}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          value={typeof value === "number" || typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next)}
          allowDecimal={false}
        />
      );
    case "boolean":
      return (
        <Switch
          label={attr.label}
          name={name}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="xs"
        />
      );
    case "select":
      return (
        <Select
          {...common}
          data={attr.options ?? []}
          value={typeof value === "string" ? value : null}
          onChange={(next) => onChange(next)}
          placeholder={`Choose ${attr.label.toLowerCase()}`}
          allowDeselect={!required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "tags":
      return (
        <TagsInput
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
          clearable
        />
      );
    case "image":
      return (
        <TextInput
          {...common}
          type="url"
          placeholder="https://…"
          leftSection={asText(value) ? <Avatar src={asText(value)} size={22} radius="xl" /> : null}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "date":
    case "datetime": {
      const Picker = attr.kind === "date" ? DateField : DateTimeField;
      return (
        <Suspense fallback={<Skeleton height={58} />}>
          <Picker label={attr.label} value={asText(value)} error={error} required={required} onChange={onChange} />
        </Suspense>
      );
    }
    default:
      return <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
};
