import dayjs from "dayjs";
import { DATE_FORMAT, DATE_TIME_FORMAT } from "@crew/contracts";

/** Display formats of spec 9 (dd.MM.yyyy and dd.MM.yyyy HH:mm); empty for missing or broken values. */
const format = (value: string | number | Date | null | undefined, pattern: string): string => {
  if (value === null || value === undefined || value === "") return "";
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : "";
};

export const formatDate = (value: string | number | Date | null | undefined): string => format(value, DATE_FORMAT);
export const formatDateTime = (value: string | number | Date | null | undefined): string => format(value, DATE_TIME_FORMAT);
