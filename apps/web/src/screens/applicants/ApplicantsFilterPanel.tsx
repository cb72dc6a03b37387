import { placementStatusOptions } from "@crew/contracts";
import {
  Button,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import type { TListController } from "../../resources/list-state/use-list-state";
import { optionsOf, useApplicantChoices } from "./use-applicant-choices";

/** users.filterType: the second filter type also carries show_archived (spec 001 "Applicant filter"). */
export const FILTER_TYPES = [
  { value: "basic", label: "Current" },
  { value: "archive", label: "With archive" },
] as const;

const list = (value: string | undefined): string[] => (value ? value.split(",").filter(Boolean) : []);
const rangeOf = (value: string | undefined): [string, string] => {
  const [from = "", to = ""] = (value ?? "").split(",");
  return [from, to];
};
const rangeValue = (from: string, to: string): string => (from === "" && to === "" ? "" : `${from},${to}`);

const Range = ({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  max: number;
  onChange: (v: string) => void;
}) => {
  const [from, to] = rangeOf(value);
  const num = (v: string | number) => (v === "" ? "" : String(v));
  return (
    <Stack gap={0}>
      <Input.Label>{label}</Input.Label>
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          size="sm"
          aria-label={`${label} from`}
          placeholder="from"
          min={0}
          max={max}
          allowDecimal={false}
          value={from}
          onChange={(v) => onChange(rangeValue(num(v), to))}
        />
        <NumberInput
          size="sm"
          aria-label={`${label} to`}
          placeholder="to"
          min={0}
          max={max}
          allowDecimal={false}
          value={to}
          onChange={(v) => onChange(rangeValue(from, num(v)))}
        />
      </Group>
    </Stack>
  );
};

/**
 * The applicant filter of spec 001: every filter with the meaning docs/applicants.md gives
 * it. Editing changes `filter`; Apply copies it to the applied filter (spec 000 4.2), Cancel
 * restores it. The filter, its expansion and its type live in users.filter,
 * users.filterExpanded and users.filterType.
 */
export const ApplicantsFilterPanel = ({ list: ctl }: { list: TListController }) => {
  const { data } = useApplicantChoices();
  const values = ctl.state.filter;
  const set = ctl.setFilterValue;
  const multi = (name: string, label: string, options: { value: string; label: string }[]) => (
    <MultiSelect
      size="sm"
      label={label}
      placeholder={list(values[name]).length ? undefined : "Any"}
      data={options}
      value={list(values[name])}
      onChange={(v) => set(name, v.join(","))}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
  const archive = ctl.state.filterType === "archive";
  return (
    <form
      aria-label="Filter seafarers"
      onSubmit={(e) => {
        e.preventDefault();
        ctl.applyFilter();
      }}
    >
      <Stack gap="sm" px="md" pt="sm">
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={ctl.state.filterType}
          data={[...FILTER_TYPES]}
          onChange={(v) => {
            ctl.setFilterType(v);
            if (v !== "archive") set("show_archived", "");
          }}
          aria-label="Filter type"
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" verticalSpacing="sm">
          {multi(
            "role",
            "Rank",
            optionsOf(data?.ranks, (r) => r.title),
          )}
          {multi(
            "status",
            "Status",
            placementStatusOptions.map((o) => ({ value: o.value, label: o.label })),
          )}
          {multi(
            "status_id",
            "Crewing status",
            optionsOf(data?.crewing_statuses, (s) => s.title),
          )}
          <Stack gap={4}>
            {multi(
              "tags",
              "Tags",
              optionsOf(data?.tags, (t) => t.name),
            )}
            <SegmentedControl
              size="xs"
              value={values.tags_match === "every" ? "every" : "any"}
              onChange={(v) => set("tags_match", v === "every" ? "every" : "")}
              data={[
                { value: "any", label: "Any tag" },
                { value: "every", label: "All tags" },
              ]}
              aria-label="Tags match"
            />
          </Stack>
          <Range label="Age" value={values.age} max={120} onChange={(v) => set("age", v)} />
          <Range
            label="Deadweight, t"
            value={values.deadweight}
            max={1_000_000}
            onChange={(v) => set("deadweight", v)}
          />
          {multi(
            "equasis_vessel_type_id",
            "Vessel type (sea service)",
            optionsOf(data?.vessel_types, (t) => t.title),
          )}
          <TextInput
            size="sm"
            label="Company / manager (sea service)"
            placeholder="Any"
            value={values.company_manager_name ?? ""}
            onChange={(e) => set("company_manager_name", e.currentTarget.value)}
          />
          {multi(
            "engine_type",
            "Engine type (sea service)",
            optionsOf(data?.engine_types, (t) => t.title),
          )}
          {multi(
            "engine_manufacturer",
            "Engine maker (sea service)",
            optionsOf(data?.engine_manufacturers, (t) => t.title),
          )}
          <Select
            size="sm"
            label="In UkrCrewing / Crewell"
            data={[
              { value: "all", label: "All" },
              { value: "true", label: "Has an id there" },
              { value: "false", label: "In neither" },
            ]}
            value={values.external_links || "all"}
            allowDeselect={false}
            onChange={(v) => set("external_links", v ?? "all")}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap="xs" justify="flex-end" pb={6}>
            <Switch
              label="My favourites"
              checked={values.favorites === "true"}
              onChange={(e) => set("favorites", e.currentTarget.checked ? "true" : "")}
            />
            {archive ? (
              <Switch
                label="Show archived"
                checked={values.show_archived === "true"}
                onChange={(e) => set("show_archived", e.currentTarget.checked ? "true" : "")}
              />
            ) : null}
          </Stack>
        </SimpleGrid>
      </Stack>
      <Group justify="flex-end" gap="xs" px="md" py="sm">
        <Button variant="subtle" color="gray" onClick={ctl.clearFilter}>
          Clear
        </Button>
        <Button variant="default" onClick={ctl.cancelFilter}>
          Cancel
        </Button>
        <Button type="submit">Apply</Button>
      </Group>
    </form>
  );
};
