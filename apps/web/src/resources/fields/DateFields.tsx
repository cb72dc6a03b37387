import "@mantine/dates/styles.css";
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  boundsRange,
  outOfBounds,
  readTypedDay,
  type TDateBounds,
} from "@crew/contracts";
import { useState } from "react";
import { DateInput, DateTimePicker } from "@mantine/dates";
import dayjs from "dayjs";

/**
 * Date pickers live in their own chunk: @mantine/dates is large and most forms have no
 * date. Values travel as ISO strings ('YYYY-MM-DD' and full timestamps); people read and
 * type dd.MM.yyyy (spec 000 section 9).
 */
export interface TDateFieldProps {
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  onChange: (value: string) => void;
  /** Compact toolbars (the planner's filters). */
  size?: "xs" | "sm";
  width?: number;
  disabled?: boolean;
  /** Offer a clear button (default: when the value is optional). */
  clearable?: boolean;
  /** The attribute's validation bounds: the calendar offers no day the server would refuse. */
  bounds?: TDateBounds;
  /**
   * Called with text that is not a date. A form passes it on as the value, so the save is
   * refused on the field instead of keeping the previous day silently; a filter leaves it out.
   */
  onInvalidText?: (text: string) => void;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

/** A birthday's calendar opens this many years back, where most seafarers' birthdays are. */
const BIRTHDAY_YEARS_BACK = 30;

/** Why a typed text is refused, or null when it names an allowed day (or nothing). */
const refusalOf = (
  text: string,
  bounds: TDateBounds | undefined,
): { message: string; iso?: string } | null => {
  const read = readTypedDay(text);
  if (read.kind === "invalid") return { message: read.message };
  if (read.kind === "empty" || !bounds) return null;
  const refusal = outOfBounds(read.iso, bounds);
  return refusal ? { message: `${dayjs(read.iso).format(DATE_FORMAT)} ${refusal}`, iso: read.iso } : null;
};

export const DateField = ({
  label,
  value,
  error,
  required,
  onChange,
  size,
  width,
  disabled,
  clearable = !required,
  bounds,
  onInvalidText,
}: TDateFieldProps) => {
  const [typedError, setTypedError] = useState<string | null>(null);
  /** Whether the text in the field names a day: then leaving it shows that day as dd.mm.yyyy. */
  const [typedIsDay, setTypedIsDay] = useState(true);
  const range = bounds ? boundsRange(bounds) : undefined;
  const isDay = CALENDAR_DAY.test(value);
  // A form may hold the text that was not a date (onInvalidText): it says so until replaced.
  const valueError = value && !isDay ? (refusalOf(value, undefined)?.message ?? null) : null;

  /** On leaving the field (or Enter) the typed text is read in every usual form, or refused aloud. */
  const settle = (text: string) => {
    const read = readTypedDay(text);
    if (read.kind === "empty") {
      setTypedError(null);
      if (value) onChange("");
      return;
    }
    const refusal = refusalOf(text, bounds);
    setTypedError(refusal?.message ?? null);
    if (read.kind === "day") {
      if (read.iso !== value.slice(0, 10)) onChange(read.iso);
      return;
    }
    onInvalidText?.(text.trim());
  };

  return (
    <DateInput
      label={label}
      disabled={disabled}
      size={size}
      w={width}
      value={isDay ? value : null}
      error={typedError ?? valueError ?? error}
      withAsterisk={required}
      valueFormat={DATE_FORMAT}
      dateParser={(text) => {
        const read = readTypedDay(text);
        return read.kind === "day" ? read.iso : null;
      }}
      placeholder="dd.mm.yyyy"
      clearable={clearable}
      minDate={range?.min}
      maxDate={range?.max}
      defaultDate={
        bounds?.notFuture && !isDay
          ? dayjs().subtract(BIRTHDAY_YEARS_BACK, "year").format("YYYY-MM-01")
          : undefined
      }
      // A day typed another way ("4.5.1990") reads back as dd.mm.yyyy; text that is not a day stays, with why.
      fixOnBlur={typedIsDay}
      onInput={(event) => setTypedIsDay(readTypedDay(event.currentTarget.value).kind !== "invalid")}
      onBlur={(event) => settle(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") settle(event.currentTarget.value);
      }}
      onChange={(next) => {
        setTypedError(null);
        setTypedIsDay(true);
        onChange(next ?? "");
      }}
      popoverProps={{ withinPortal: true }}
    />
  );
};

export const DateTimeField = ({ label, value, error, required, onChange }: TDateFieldProps) => (
  <DateTimePicker
    label={label}
    value={value ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : null}
    error={error}
    withAsterisk={required}
    valueFormat={DATE_TIME_FORMAT}
    placeholder="dd.mm.yyyy hh:mm"
    clearable
    onChange={(next) => onChange(next ? dayjs(next).toISOString() : "")}
    popoverProps={{ withinPortal: true }}
  />
);
