import { Anchor, PasswordInput, Text, Textarea, TextInput } from "@mantine/core";
import type { TFormValue } from "../form/form-model";
import { textOf } from "./field-text";
import type { TFieldInputProps, TFieldViewProps } from "./field-kind-types";

export const asText = (v: TFormValue): string =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : "";

/** Props every Mantine input of a field shares. Mantine's dialog focus trap starts at [data-autofocus]. */
export const commonInputProps = ({ name, attr, error, required, disabled, autoFocus }: TFieldInputProps) => ({
  label: attr.label,
  error,
  withAsterisk: required,
  name,
  disabled,
  "data-autofocus": autoFocus || undefined,
});

export const TextKindInput = (props: TFieldInputProps) => (
  <TextInput
    {...commonInputProps(props)}
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

export const EmailInput = (props: TFieldInputProps) => (
  <TextInput
    {...commonInputProps(props)}
    type="email"
    autoComplete="off"
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

export const PhoneInput = (props: TFieldInputProps) => (
  <TextInput
    {...commonInputProps(props)}
    type="tel"
    autoComplete="off"
    placeholder="+31 10 123 4567"
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

export const PasswordKindInput = (props: TFieldInputProps) => (
  <PasswordInput
    {...commonInputProps(props)}
    autoComplete="new-password"
    description={
      props.mode === "update" ? "Leave empty to keep the current password" : "At least 8 characters"
    }
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

export const TextareaInput = (props: TFieldInputProps) => (
  <Textarea
    {...commonInputProps(props)}
    autosize
    minRows={3}
    maxRows={10}
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

/** Plain text, wrapped anywhere (long e-mail addresses must not widen a card). */
export const PlainView = ({ text }: { text: string }) => <>{text}</>;

export const LongTextDisplay = ({ value }: TFieldViewProps) => (
  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
    {textOf(value)}
  </Text>
);

export const LongTextCell = ({ value }: TFieldViewProps) => (
  <Text size="sm" lineClamp={2} maw={360}>
    {textOf(value)}
  </Text>
);

export const EmailDisplay = ({ value }: TFieldViewProps) => (
  <Anchor href={`mailto:${textOf(value)}`} size="sm" style={{ overflowWrap: "anywhere" }}>
    {textOf(value)}
  </Anchor>
);

export const PhoneDisplay = ({ value }: TFieldViewProps) => (
  <Anchor href={`tel:${textOf(value).replace(/[^\d+]/g, "")}`} size="sm">
    {textOf(value)}
  </Anchor>
);
