import { Loader, Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useMemo, useState } from "react";
import { useSelectOptions } from "../data/use-resource-queries";
import type { TSelectOption } from "../data/resource-types";
import { useEnterPicksFirst } from "./use-enter-picks-first";

export interface TRelationshipSelectProps extends Omit<
  SelectProps,
  "data" | "value" | "onChange" | "searchValue" | "onSearchChange"
> {
  /** JSON:API type whose records are offered (GET /api/select_options?type=…). */
  type: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Label of the current value, known from `included`, shown before the options arrive. */
  selectedLabel?: string;
  /** Leading choices such as "All" in a filter. */
  extraOptions?: readonly TSelectOption[];
  /** Told the chosen option with its label (a notice naming what was picked). */
  onChangeOption?: (option: TSelectOption | null) => void;
  /** Ids never offered (a vessel's scale is not copied from itself). */
  exclude?: readonly string[];
}

/**
 * A to-one relationship picker searching the server as one types. Options load on first
 * open so a form with several pickers does not fire every search at once.
 */
export const RelationshipSelect = ({
  type,
  value,
  onChange,
  selectedLabel,
  extraOptions = [],
  onChangeOption,
  exclude,
  ...props
}: TRelationshipSelectProps) => {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search, 250);
  // A value without a known label ("7" from the address) needs the options to be named.
  const unnamed = Boolean(value) && !selectedLabel && !extraOptions.some((o) => o.value === value);
  const options = useSelectOptions(type, query, opened || unnamed);
  const current = useMemo(() => {
    const loaded = options.data ?? [];
    const known = loaded.find((o) => o.value === value);
    const selected = value && !known && selectedLabel ? [{ value, label: selectedLabel }] : [];
    const offered = loaded.filter(
      (o) => !extraOptions.some((e) => e.value === o.value) && !exclude?.includes(o.value),
    );
    return [...extraOptions, ...selected, ...offered];
  }, [options.data, value, selectedLabel, extraOptions, exclude]);
  const selectedText = current.find((o) => o.value === value)?.label ?? "";
  const first = (options.data ?? []).find((o) => !exclude?.includes(o.value));
  const pickFirst = useCallback(
    (option: TSelectOption) => {
      onChange(option.value);
      onChangeOption?.(option);
      setOpened(false);
    },
    [onChange, onChangeOption],
  );
  const enterPicksFirst = useEnterPicksFirst({
    search,
    query,
    loading: options.isFetching,
    first,
    pick: pickFirst,
  });
  return (
    <Select
      {...props}
      searchable
      clearable={!extraOptions.length && props.clearable !== false}
      data={current}
      value={value}
      onChange={(next) => {
        onChange(next);
        onChangeOption?.(current.find((o) => o.value === next) ?? null);
      }}
      // Enter picks the first match of what was typed (the effect of a picker's own arrows stays).
      onKeyDown={(event) => {
        enterPicksFirst(event);
        props.onKeyDown?.(event);
      }}
      selectFirstOptionOnChange={false}
      dropdownOpened={opened}
      searchValue={opened ? search : selectedText}
      onSearchChange={(text) => {
        // Mantine writes the chosen label into the search on select; only typing should search.
        if (opened && text !== selectedText) setSearch(text);
      }}
      onDropdownOpen={() => {
        setOpened(true);
        setSearch("");
      }}
      onDropdownClose={() => setOpened(false)}
      // The server already filtered by the text; filtering again would hide accent variants.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? "Loading…" : "Nothing found"}
      rightSection={options.isFetching && opened ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
};
