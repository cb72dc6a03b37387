import type { TResourceDef } from "@crew/contracts";
import { Button, Group, SimpleGrid } from "@mantine/core";
import type { TFilterValues } from "../list-state/list-query";
import { FilterField } from "./FilterField";

export interface TFilterPanelProps {
  def: TResourceDef;
  values: TFilterValues;
  /** Filters a screen shows elsewhere (its own toolbar control) or not at all. */
  hidden?: readonly string[];
  onChange: (name: string, value: string) => void;
  onApply: () => void;
  onCancel: () => void;
  onClear: () => void;
}

/** Edits `filter`; only Apply copies it to the applied filter the list loads with (spec 000 4.2). */
export const FilterPanel = ({
  def,
  values,
  hidden = [],
  onChange,
  onApply,
  onCancel,
  onClear,
}: TFilterPanelProps) => {
  const filters = Object.entries(def.filters ?? {}).filter(([name]) => !hidden.includes(name));
  return (
    <form
      aria-label={`Filter ${def.label.many.toLowerCase()}`}
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" verticalSpacing="sm" px="md" pt="sm">
        {filters.map(([name, filter]) => (
          <FilterField
            key={name}
            def={def}
            name={name}
            filter={filter}
            value={values[name] ?? ""}
            onChange={(value) => onChange(name, value)}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" px="md" py="sm">
        <Button variant="subtle" color="gray" onClick={onClear}>
          Clear
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Apply</Button>
      </Group>
    </form>
  );
};
