import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import { dateBoundsOf } from "@crew/contracts";
import type { TFieldInputProps } from "./field-kind-types";
import { asText } from "./TextKinds";

// @mantine/dates is large and most forms have no date: the pickers load with the first one shown.
export const DateField = lazy(() => import("./DateFields").then((m) => ({ default: m.DateField })));
const DateTimeField = lazy(() => import("./DateFields").then((m) => ({ default: m.DateTimeField })));

export const DateInput = ({ attr, value, error, required, onChange }: TFieldInputProps) => (
  <Suspense fallback={<Skeleton height={58} />}>
    <DateField
      label={attr.label}
      value={asText(value)}
      error={error}
      required={required}
      onChange={onChange}
      bounds={dateBoundsOf(attr.input)}
      // Text that is not a date stays the value: the save is refused on this field, never made without it.
      onInvalidText={onChange}
    />
  </Suspense>
);

export const DateTimeInput = ({ attr, value, error, required, onChange }: TFieldInputProps) => (
  <Suspense fallback={<Skeleton height={58} />}>
    <DateTimeField
      label={attr.label}
      value={asText(value)}
      error={error}
      required={required}
      onChange={onChange}
    />
  </Suspense>
);
