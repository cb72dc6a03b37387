import { formatDay, SEARCH_DEBOUNCE_MS } from "@crew/contracts";
import { Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { getList } from "../../api/data-provider";
import { useEnterPicksFirst } from "../../resources/form/use-enter-picks-first";

export interface TSeafarer {
  id: string;
  name: string;
  /** The rank applied for, when the search found them (the editor warns when it does not fit the row). */
  rank?: string | null;
  /** Ready from (ISO day). */
  readiness?: string | null;
}

interface TProps {
  value: TSeafarer | null;
  onChange: (next: TSeafarer | null) => void;
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * Finds an applicant to plan (GET users with search, spec 001 §5 rules on the server), searched
 * as one types with the product's debounce (700 ms). Each choice reads "Surname Name · rank ·
 * ready dd.mm.yyyy · on vessel · No." so namesakes can be told apart (issue 22).
 */
export const SeafarerSearch = ({ value, onChange, error, label = "Seafarer", autoFocus }: TProps) => {
  const [search, setSearch] = useState("");
  // The text Mantine shows after a choice is the choice's label: that is no search.
  const [picked, setPicked] = useState<string | null>(null);
  const typed = search.trim() === picked ? "" : search.trim();
  const [query] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ["users", "list", { planner: true, search: query }],
    queryFn: ({ signal }) =>
      getList(
        "users",
        {
          perPage: 20,
          search: query,
          sort: "surname",
          fields: {
            users: ["surname", "name", "crewing_applicant_id", "readiness_date", "crewing_rank", "vessel"],
          },
        },
        signal,
      ),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (found.data?.data ?? []).map((u) => {
      const a = u.attributes;
      const name = [text(a.surname), text(a.name)].filter(Boolean).join(" ");
      const ready = text(a.readiness_date);
      const rank = text(a.crewing_rank);
      const vessel = text(a.vessel);
      const label = [
        name,
        rank || "no rank",
        ready ? `ready ${formatDay(ready)}` : "readiness not set",
        vessel && `on ${vessel}`,
        text(a.crewing_applicant_id) && `No. ${text(a.crewing_applicant_id)}`,
      ]
        .filter(Boolean)
        .join(" · ");
      return { value: u.id, label, name, rank: rank || null, readiness: ready ? ready.slice(0, 10) : null };
    });
    return value && !list.some((o) => o.value === value.id)
      ? [
          {
            value: value.id,
            label: value.name,
            name: value.name,
            rank: value.rank ?? null,
            readiness: value.readiness ?? null,
          },
          ...list,
        ]
      : list;
  }, [found.data, value]);
  const [opened, setOpened] = useState(false);
  const choose = useCallback(
    (id: string | null) => {
      const chosen = options.find((o) => o.value === id);
      setPicked(chosen?.label ?? null);
      onChange(
        chosen
          ? { id: chosen.value, name: chosen.name, rank: chosen.rank, readiness: chosen.readiness }
          : null,
      );
    },
    [options, onChange],
  );
  // The first one found (the current choice heads the options only while the search misses it).
  const first = found.data?.data[0]?.id;
  const enterPicksFirst = useEnterPicksFirst({
    search: typed,
    query,
    loading: found.isFetching,
    first,
    pick: useCallback(
      (id: string) => {
        choose(id);
        setOpened(false);
      },
      [choose],
    ),
  });
  return (
    <Select
      label={label}
      placeholder="Type a surname, a phone or an applicant number"
      searchable
      clearable
      autoFocus={autoFocus}
      data={options.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={choose}
      onKeyDown={enterPicksFirst}
      selectFirstOptionOnChange={false}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={
        typed.length < 2
          ? "Type at least two letters"
          : found.isFetching || typed !== query
            ? "Searching…"
            : "Nobody found"
      }
      rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
      filter={({ options: all }) => all}
      error={error}
      data-testid="seafarer-search"
      comboboxProps={{ withinPortal: true }}
    />
  );
};
