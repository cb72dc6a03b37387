import { ActionIcon, Badge, Button, CloseButton, Group, TextInput } from "@mantine/core";
import { IconFilter, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface TListToolbarProps {
  many: string;
  searchable: boolean;
  searchInput: string;
  onSearchInput: (value: string) => void;
  onSearchNow: () => void;
  filterable: boolean;
  filterExpanded: boolean;
  appliedFilterCount: number;
  onToggleFilter: () => void;
  extra?: ReactNode;
}

/** Search box and filter toggle above a list; the search applies itself after the debounce. */
export const ListToolbar = ({
  many,
  searchable,
  searchInput,
  onSearchInput,
  onSearchNow,
  filterable,
  filterExpanded,
  appliedFilterCount,
  onToggleFilter,
  extra,
}: TListToolbarProps) => {
  if (!searchable && !filterable && !extra) return null;
  return (
    <Group gap="sm" p="md" wrap="nowrap">
      {searchable ? (
        <TextInput
          type="search"
          aria-label={`Search ${many.toLowerCase()}`}
          placeholder={`Search ${many.toLowerCase()}…`}
          leftSection={<IconSearch size={16} />}
          value={searchInput}
          onChange={(e) => onSearchInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") onSearchNow();
          }}
          rightSection={
            searchInput ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => {
                  onSearchInput("");
                }}
              />
            ) : null
          }
          style={{ flex: 1, maxWidth: 420 }}
          miw={0}
        />
      ) : (
        <div style={{ flex: 1 }} />
      )}
      {extra}
      {filterable ? (
        <>
          <Button
            visibleFrom="xs"
            variant={filterExpanded ? "light" : "default"}
            leftSection={<IconFilter size={16} />}
            rightSection={
              appliedFilterCount ? (
                <Badge size="xs" circle>
                  {appliedFilterCount}
                </Badge>
              ) : null
            }
            onClick={onToggleFilter}
            aria-expanded={filterExpanded}
          >
            Filter
          </Button>
          <ActionIcon
            hiddenFrom="xs"
            size="input-sm"
            variant={filterExpanded || appliedFilterCount ? "light" : "default"}
            onClick={onToggleFilter}
            aria-label="Filter"
            aria-expanded={filterExpanded}
          >
            <IconFilter size={18} />
          </ActionIcon>
        </>
      ) : null}
    </Group>
  );
};
