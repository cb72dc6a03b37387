import { Group, MultiSelect, NumberInput, Select, Skeleton } from "@mantine/core";
import { memo, Suspense } from "react";
import { DateField } from "../../resources/fields/DateKinds";
import type { TPlannerQuery } from "./planner-query";

interface TOption {
  value: string;
  label: string;
}

interface TProps {
  query: TPlannerQuery;
  owners: TOption[];
  vessels: TOption[];
  ranks: TOption[];
  onChange: (next: Partial<TPlannerQuery>) => void;
}

export const ADDITIONAL_FILTERS: TOption[] = [
  { value: "", label: "All plans" },
  { value: "vacancies", label: "Vacancies only" },
  { value: "my_vessels", label: "Vessels I coordinate" },
];

/** Chosen values stay on one line (the first few as pills) so the planner keeps its height. */
const oneLine = { pillsList: { flexWrap: "nowrap" as const, overflow: "hidden" } };

interface TIdsSelectProps {
  label: string;
  /** Shown while nothing is chosen. */
  placeholder: string;
  data: TOption[];
  ids: readonly number[];
  onIds: (ids: number[]) => void;
  maxValues?: number;
  w: number;
  testId: string;
}

/**
 * Records the planner shows rows of (vessels, ranks), chosen by id on one line. Only choices it
 * offers count as chosen, and the label says how many are (the pills that do not fit are hidden).
 */
const IdsSelect = ({ label, placeholder, data, ids, onIds, maxValues, w, testId }: TIdsSelectProps) => {
  const chosen = ids.map(String).filter((id) => data.some((o) => o.value === id));
  return (
    <MultiSelect
      label={chosen.length ? `${label} (${chosen.length} selected)` : label}
      placeholder={chosen.length ? undefined : placeholder}
      data={data}
      value={chosen}
      onChange={(v) => onIds(v.map(Number))}
      clearable
      searchable
      maxValues={maxValues}
      w={w}
      size="xs"
      styles={oneLine}
      data-testid={testId}
    />
  );
};

/**
 * The planner's filter (spec 002 §2, §4): owners ('All' allowed) narrow the vessels offered,
 * and choosing owners selects their vessels (issue 22); vessels and ranks choose the rows; the extra filter; the first day and the cell width.
 */
export const PlannerFilters = memo(({ query, owners, vessels, ranks, onChange }: TProps) => (
  <Group gap="xs" align="flex-end" wrap="wrap">
    {owners.length > 0 && (
      <MultiSelect
        label="Owners"
        placeholder={query.ownerIds === "all" ? "All" : undefined}
        data={owners}
        value={query.ownerIds === "all" ? [] : query.ownerIds.map(String)}
        onChange={(v) => onChange({ ownerIds: v.length ? v.map(Number) : "all" })}
        clearable
        searchable
        w={220}
        size="xs"
      />
    )}
    <IdsSelect
      label="Vessels"
      placeholder="Choose vessels"
      data={vessels}
      ids={query.vesselIds}
      onIds={(vesselIds) => onChange({ vesselIds })}
      maxValues={200}
      w={280}
      testId="planner-vessels"
    />
    <IdsSelect
      label="Ranks"
      placeholder="Choose ranks"
      data={ranks}
      ids={query.roleIds}
      onIds={(roleIds) => onChange({ roleIds })}
      w={260}
      testId="planner-ranks"
    />
    <Select
      label="Show"
      data={ADDITIONAL_FILTERS}
      value={query.additionalFilter}
      onChange={(v) => onChange({ additionalFilter: v ?? "" })}
      w={170}
      size="xs"
      allowDeselect={false}
    />
    {/* dd.mm.yyyy like every other date of the app (a native date input follows the browser's locale). */}
    <Suspense fallback={<Skeleton height={50} w={140} />}>
      <DateField
        label="From"
        value={query.day}
        clearable={false}
        onChange={(day) => day && onChange({ day })}
        width={140}
        size="xs"
      />
    </Suspense>
    <NumberInput
      label="Cell, px"
      value={query.cell}
      min={40}
      max={600}
      step={20}
      onChange={(v) => typeof v === "number" && onChange({ cell: v })}
      w={90}
      size="xs"
    />
  </Group>
));
PlannerFilters.displayName = "PlannerFilters";
