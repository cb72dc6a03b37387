/** Text of values for titles and plain cells; the per-kind rules live with the field kinds. */
export { formatDate, formatDateTime, formatValue, isBlankValue, textOf } from "./fields/field-text";
import { textOf } from "./fields/field-text";

/** The name of a record: its title attribute, else its id. */
export const recordTitle = (
  record: { id: string; attributes: Record<string, unknown> },
  titleAttribute: string,
): string => textOf(record.attributes[titleAttribute], `#${record.id}`);
