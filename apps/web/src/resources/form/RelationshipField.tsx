import type { TRelationshipDef } from "@crew/contracts";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import { relatedTitle, relatedTitles } from "../list/columns";
import type { TFormValue } from "./form-model";
import { RelationshipMultiSelect } from "./RelationshipMultiSelect";
import { RelationshipSelect } from "./RelationshipSelect";

export interface TRelationshipFieldProps {
  name: string;
  rel: TRelationshipDef;
  value: TFormValue;
  record?: TResourceRecord;
  included: TIncluded;
  error?: string;
  disabled?: boolean;
  onChange: (value: TFormValue) => void;
}

/** A relationship on a form: one related record (a picker) or several (a multi-picker), both over select_options. */
export const RelationshipField = ({
  name,
  rel,
  value,
  record,
  included,
  error,
  disabled,
  onChange,
}: TRelationshipFieldProps) =>
  rel.cardinality === "many" ? (
    <RelationshipMultiSelect
      label={rel.label}
      name={name}
      type={rel.type}
      withAsterisk={rel.required}
      placeholder={`Choose ${rel.label.toLowerCase()}`}
      value={Array.isArray(value) ? value : []}
      selectedLabels={record ? relatedTitles(record, name, included) : undefined}
      error={error}
      disabled={disabled}
      onChange={onChange}
    />
  ) : (
    <RelationshipSelect
      label={rel.label}
      name={name}
      type={rel.type}
      withAsterisk={rel.required}
      placeholder={`Choose ${rel.label.toLowerCase()}`}
      value={typeof value === "string" ? value : null}
      selectedLabel={record ? relatedTitle(record, name, included) : undefined}
      error={error}
      disabled={disabled}
      onChange={onChange}
    />
  );
