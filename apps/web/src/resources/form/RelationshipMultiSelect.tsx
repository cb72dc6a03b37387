import { Loader, MultiSelect, type MultiSelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useMemo, useState } from "react";
import { useSelectOptions } from "../data/use-resource-queries";
import type { TSelectOption } from "../data/resource-types";
import { useEnterPicksFirst } from "./use-enter-picks-first";

export interface TRelationshipMultiSelectProps extends Omit<
  MultiSelectProps,
  "data" | "value" | "onChange" | "searchValue" | "onSearchChange"
> {
  /** JSON:API type whose records are offered (GET /api/select_options?type=…). */
  type: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Labels of the current values, known from `included`, shown before any search. */
  selectedLabels?: readonly TSelectOption[];
}

/**
 * A to-many relationship picker (recruiters of a vessel, tags of an applicant) searching the
 * server as one types; the chosen records stay listed with their names whatever the search.
 */
export const RelationshipMultiSelect = ({
  type,
  value,
  onChange,
  selectedLabels = [],
  ...props
}: TRelationshipMultiSelectProps) => {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<TSelectOption[]>([]);
  const unnamed = value.some(
    (v) => !selectedLabels.some((o) => o.value === v) && !picked.some((o) => o.value === v),
  );
  const options = useSelectOptions(type, query, opened || unnamed);
  const data = useMemo(() => {
    const known = new Map<string, TSelectOption>();
    for (const o of [...selectedLabels, ...picked, ...(options.data ?? [])])
      if (!known.has(o.value)) known.set(o.value, o);
    return [...known.values()];
  }, [selectedLabels, picked, options.data]);
  const choose = useCallback(
    (next: string[]) => {
      // Remember the names of what was chosen: the next search may not list it.
      setPicked((old) => [
        ...old,
        ...data.filter((o) => next.includes(o.value) && !old.some((p) => p.value === o.value)),
      ]);
      onChange(next);
    },
    [data, onChange],
  );
  const first = (options.data ?? []).find((o) => !value.includes(o.value));
  const pickFirst = useCallback(
    (option: TSelectOption) => {
      choose([...value, option.value]);
      setSearch("");
    },
    [choose, value],
  );
  const enterPicksFirst = useEnterPicksFirst({
    search,
    query,
    loading: options.isFetching,
    first,
    pick: pickFirst,
  });
  return (
    <MultiSelect
      {...props}
      searchable
      clearable
      data={data}
      value={value}
      onChange={choose}
      onKeyDown={(event) => {
        enterPicksFirst(event);
        props.onKeyDown?.(event);
      }}
      selectFirstOptionOnChange={false}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? "Loading…" : "Nothing found"}
      rightSection={options.isFetching && opened ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
};
