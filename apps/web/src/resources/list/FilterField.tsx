import type { TFilterDef, TResourceDef } from "@crew/contracts";
import { Select, TextInput } from "@mantine/core";
import { RelationshipSelect } from "../form/RelationshipSelect";

const ALL = { value: "all", label: "All" };
const BOOLEAN_CHOICES = [ALL, { value: "true", label: "Yes" }, { value: "false", label: "No" }];

/** The related type of an `id` filter: `vendor_type_id` filters by the `vendor_type` relationship. */
export const relatedTypeOfFilter = (def: TResourceDef, name: string): string | undefined =>
  def.filters?.[name]?.type ??
  (name.endsWith("_id") ? def.relationships?.[name.slice(0, -3)]?.type : undefined);

export interface TFilterFieldProps {
  def: TResourceDef;
  name: string;
  filter: TFilterDef;
  value: string;
  onChange: (value: string) => void;
}

/** One field of the filter panel; choices start with "All" (sent as nothing). */
export const FilterField = ({ def, name, filter, value, onChange }: TFilterFieldProps) => {
  const common = { label: filter.label, size: "sm" as const };
  switch (filter.kind) {
    case "text":
      return (
        <TextInput
          {...common}
          value={value}
          placeholder={`Any ${filter.label.toLowerCase()}`}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "select":
      return (
        <Select
          {...common}
          data={[ALL, ...(filter.options ?? []).filter((o) => o.value !== "all")]}
          value={value === "" ? "all" : value}
          allowDeselect={false}
          onChange={(next) => onChange(next ?? "all")}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "boolean":
      return (
        <Select
          {...common}
          data={BOOLEAN_CHOICES}
          value={value === "" ? "all" : value}
          allowDeselect={false}
          onChange={(next) => onChange(next ?? "all")}
        />
      );
    case "id": {
      const type = relatedTypeOfFilter(def, name);
      if (!type) return null;
      return (
        <RelationshipSelect
          {...common}
          type={type}
          value={value === "" || value === "all" ? "all" : value}
          extraOptions={[ALL]}
          allowDeselect={false}
          onChange={(next) => onChange(next ?? "all")}
        />
      );
    }
  }
};
