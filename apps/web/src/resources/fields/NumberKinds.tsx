import { NumberInput } from "@mantine/core";
import type { TFieldInputProps } from "./field-kind-types";
import { commonInputProps } from "./TextKinds";
import { THOUSANDS_SEPARATOR } from "../../lib/numbers";

export const NumberKindInput = (props: TFieldInputProps) => (
  <NumberInput
    {...commonInputProps(props)}
    value={typeof props.value === "number" || typeof props.value === "string" ? props.value : ""}
    onChange={(next) => props.onChange(next)}
    allowDecimal={false}
  />
);

/** Amounts: two decimals, thousands separated as everywhere (lib/numbers), no currency sign (the field's label names it). */
export const MoneyInput = (props: TFieldInputProps) => (
  <NumberInput
    {...commonInputProps(props)}
    value={typeof props.value === "number" || typeof props.value === "string" ? props.value : ""}
    onChange={(next) => props.onChange(next)}
    decimalScale={2}
    thousandSeparator={THOUSANDS_SEPARATOR}
    hideControls
  />
);
