import "@mantine/dates/styles.css";
import { DATE_FORMAT, DATE_TIME_FORMAT, parseDay } from "@crew/contracts";
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
}

export const DateField = ({ label, value, error, required, onChange, size, width, disabled, clearable = !required }: TDateFieldProps) => (
  <DateInput
    label={label}
    disabled={disabled}
    size={size}
    w={width}
    value={value || null}
    error={error}
    withAsterisk={required}
    valueFormat={DATE_FORMAT}
    dateParser={parseDay}
    placeholder="dd.mm.yyyy"
    clearable={clearable}
    onChange={(next) => onChange(next ?? "")}
    popoverProps={{ withinPortal: true }}
  />
);

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

