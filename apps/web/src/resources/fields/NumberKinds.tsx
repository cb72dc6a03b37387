import { NumberInput } from "@mantine/core";
import type { TFieldInputProps } from "./field-kind-types";
import { commonInputProps } from "./TextKinds";

export const NumberKindInput = (props: TFieldInputProps) => (
  <NumberInput
    {...commonInputProps(props)}
    value={typeof props.value === "number" || typeof props.value === "string" ? props.value : ""}
    onChange={(next) => props.onChange(next)}
    allowDecimal={false}
  />
);

/** Amounts: two decimals, thin-space thousands, no currency sign (the field's label names it). */
export const MoneyInput = (props: TFieldInputProps) => (
  <NumberInput
    {...commonInputProps(props)}
    value={typeof props.value === "number" || typeof props.value === "string" ? props.value : ""}
    onChange={(next) => props.onChange(next)}
    decimalScale={2}
    thousandSeparator={"\u202f"}
    hideControls
  />
);
