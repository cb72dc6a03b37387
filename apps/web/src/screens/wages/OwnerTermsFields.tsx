import { ownerLevelFees, owners } from "@crew/contracts";
import { Group, NumberInput, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { getList, getManyReference, getOne, queryKeys, type TListParams } from "../../api";
import { useSession } from "../../session/use-session";
import { NO_TERMS, type TOwnerTerms } from "./owner-terms";

const ALL: TListParams = { page: 1, perPage: 999, sort: "title" };
type TOwnerAttrs = { terms: string | null; contract_terms: string | null; currency: string };

export interface TOwnerTermsSource {
  /** What the server holds (empty for an owner not created yet); null while it loads. */
  stored: TOwnerTerms | null;
  levels: { id: string; title: string }[];
  /** Rank levels are readable with this account. */
  levelsReadable: boolean;
  levelTitles: Record<string, string>;
  currency: string;
}

/** The owner's terms, contract terms and fees per rank level as stored, and the rank levels. */
export const useOwnerTermsSource = (ownerId: string | undefined): TOwnerTermsSource => {
  const { can } = useSession();
  const owner = useQuery({
    queryKey: [owners.type, "one", ownerId, "terms"],
    queryFn: ({ signal }) => getOne<TOwnerAttrs>(owners.type, ownerId ?? "", {}, signal),
    enabled: Boolean(ownerId),
  });
  const levelsReadable = can("roleLevels", "read");
  const levels = useQuery({
    queryKey: queryKeys.list("role_levels", ALL),
    queryFn: ({ signal }) => getList<{ title: string }>("role_levels", ALL, signal),
    enabled: levelsReadable,
  });
  const feesRef = { parentType: "owners", parentId: ownerId ?? "", path: "level_fees" };
  const fees = useQuery({
    queryKey: queryKeys.manyReference(ownerLevelFees.type, feesRef, { perPage: 999 }),
    queryFn: ({ signal }) =>
      getManyReference<{ level_name: string; fee: number }>(
        ownerLevelFees.type,
        feesRef,
        { perPage: 999 },
        signal,
      ),
    enabled: Boolean(ownerId),
  });
  let stored: TOwnerTerms | null = ownerId ? null : NO_TERMS;
  if (ownerId && owner.data && fees.data) {
    const byLevel: Record<string, number | null> = {};
    for (const f of fees.data.data) {
      const level = f.relationships?.role_level?.data;
      if (level && !Array.isArray(level)) byLevel[level.id] = f.attributes.fee;
    }
    stored = {
      terms: owner.data.data.attributes.terms,
      contract_terms: owner.data.data.attributes.contract_terms,
      fees: byLevel,
    };
  }
  const list = (levels.data?.data ?? []).map((l) => ({ id: l.id, title: l.attributes.title }));
  return {
    stored,
    levels: list,
    levelsReadable,
    levelTitles: Object.fromEntries(list.map((l) => [l.id, l.title])),
    currency: owner.data?.data.attributes.currency ?? "",
  };
};

/** The inputs of the terms: two texts and a fee per rank level (the card and the owner form). */
export const OwnerTermsFields = ({
  values,
  onChange,
  source,
  readOnly,
}: {
  values: TOwnerTerms;
  onChange: (next: TOwnerTerms) => void;
  source: TOwnerTermsSource;
  readOnly: boolean;
}) => (
  <Stack gap="sm">
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Textarea
        label="Terms"
        autosize
        minRows={3}
        maxRows={10}
        value={values.terms ?? ""}
        readOnly={readOnly}
        onChange={(e) => onChange({ ...values, terms: e.currentTarget.value || null })}
      />
      <Textarea
        label="Contract terms"
        autosize
        minRows={3}
        maxRows={10}
        value={values.contract_terms ?? ""}
        readOnly={readOnly}
        onChange={(e) => onChange({ ...values, contract_terms: e.currentTarget.value || null })}
      />
    </SimpleGrid>
    {source.levels.length > 0 ? (
      <Group gap="sm" wrap="wrap" align="flex-end">
        {source.levels.map((l) => (
          <NumberInput
            key={l.id}
            label={`Fee, ${l.title} level${source.currency ? ` (${source.currency})` : ""}`}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            w={200}
            readOnly={readOnly}
            value={values.fees[l.id] ?? ""}
            onChange={(v) =>
              onChange({ ...values, fees: { ...values.fees, [l.id]: typeof v === "number" ? v : null } })
            }
          />
        ))}
      </Group>
    ) : !source.levelsReadable ? (
      <Text size="sm" c="dimmed">
        Rank levels are not readable with this account.
      </Text>
    ) : null}
  </Stack>
);
