import { Group, Pagination, Select, Text } from "@mantine/core";
import { PER_PAGE_CHOICES } from "../list-state/list-query";
import { formatNumber } from "../../lib/numbers";

export interface TListFooterProps {
  page: number;
  perPage: number;
  total: number;
  /** The total is an estimate: "of about 181,600". */
  estimated?: boolean;
  lastPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** A count as shown: an estimate rounded to hundreds, so it does not pretend to be exact. */
export const totalText = (total: number, estimated: boolean): string =>
  formatNumber(estimated ? Math.round(total / 100) * 100 : total);

const PER_PAGE_DATA = PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: `${n} per page` }));

/** Range, page size and pages; the page control only when one page cannot hold everything (spec 2.5). */
export const ListFooter = ({
  page,
  perPage,
  total,
  estimated = false,
  lastPage,
  onPage,
  onPerPage,
}: TListFooterProps) => {
  if (total === 0) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const choices = PER_PAGE_DATA.some((c) => c.value === String(perPage))
    ? PER_PAGE_DATA
    : [...PER_PAGE_DATA, { value: String(perPage), label: `${perPage} per page` }];
  return (
    <Group justify="space-between" px="md" py="sm" gap="sm" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="list-range">
          {estimated
            ? `${formatNumber(from)}–${formatNumber(to)} of about ${totalText(total, true)}`
            : from > to
              ? `${totalText(total, false)} total`
              : `${formatNumber(from)}–${formatNumber(to)} of ${totalText(total, false)}`}
        </Text>
        <Select
          aria-label="Items per page"
          size="xs"
          w={130}
          data={choices}
          value={String(perPage)}
          allowDeselect={false}
          onChange={(value) => value && onPerPage(Number(value))}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {perPage < total ? (
        <Pagination
          size="sm"
          total={Math.max(lastPage, Math.ceil(total / perPage))}
          value={page}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
        />
      ) : null}
    </Group>
  );
};
