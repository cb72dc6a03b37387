import { Badge, Group, MultiSelect, Select, Switch, TagsInput } from "@mantine/core";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import type { TFieldInputProps, TFieldViewProps } from "./field-kind-types";
import { commonInputProps } from "./TextKinds";

export const BooleanInput = ({ name, attr, value, error, disabled, onChange }: TFieldInputProps) => (
  <Switch
    label={attr.label}
    name={name}
    error={error}
    disabled={disabled}
    checked={value === true}
    onChange={(e) => onChange(e.currentTarget.checked)}
    mt="xs"
  />
);

export const BooleanCell = ({ value }: TFieldViewProps) =>
  value ? (
    <IconCheck size={16} aria-label="Yes" color="var(--mantine-color-teal-7)" />
  ) : (
    <IconMinus size={16} aria-label="No" color="var(--mantine-color-gray-5)" />
  );

export const SelectInput = (props: TFieldInputProps) => (
  <Select
    {...commonInputProps(props)}
    data={props.attr.options ?? []}
    value={typeof props.value === "string" ? props.value : null}
    onChange={(next) => props.onChange(next)}
    placeholder={`Choose ${props.attr.label.toLowerCase()}`}
    allowDeselect={!props.required}
    comboboxProps={{ withinPortal: true }}
  />
);

/**
 * Free tags, or, when the definition lists `options` (a task type's finish conditions, a
 * vacancy's channels), a choice of several of them by their labels: nothing else can be typed.
 */
export const TagsKindInput = (props: TFieldInputProps) => {
  const value = Array.isArray(props.value) ? props.value : [];
  return props.attr.options ? (
    <MultiSelect
      {...commonInputProps(props)}
      data={props.attr.options.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      onChange={(next) => props.onChange(next)}
      clearable
    />
  ) : (
    <TagsInput
      {...commonInputProps(props)}
      value={value}
      onChange={(next) => props.onChange(next)}
      clearable
    />
  );
};

export const TagsView = ({ attr, value }: TFieldViewProps) => {
  const tags = Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  const labelOf = (t: string) => attr.options?.find((o) => o.value === t)?.label ?? t;
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t} variant="light" size="sm" tt="none">
          {labelOf(t)}
        </Badge>
      ))}
    </Group>
  );
};
