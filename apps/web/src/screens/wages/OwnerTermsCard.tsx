import { ownerLevelFees, owners } from "@crew/contracts";
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getList, getManyReference, getOne, queryKeys, type TListParams } from "../../api";
import { runAction } from "../../api/run-action";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

export interface TOwnerTerms {
  terms: string | null;
  contract_terms: string | null;
  /** Fee per rank level id; null clears it. */
  fees: Record<string, number | null>;
}

/**
 * What spec 002 §7 sends after an owner is created or updated (the template uploads come
 * first, from the owner form): update_terms, update_level_terms (level_id and fee), then
 * update_contract_terms. The owner form and this card both call it.
 */
export const sendOwnerTerms = async (ownerId: string | number, values: TOwnerTerms): Promise<void> => {
  await runAction(ownerLevelFees, "update_terms", { id: ownerId, input: { terms: values.terms } });
  await runAction(ownerLevelFees, "update_level_terms", {
    id: ownerId,
    input: { levels: Object.entries(values.fees).map(([id, fee]) => ({ level_id: Number(id), fee })) },
  });
  await runAction(ownerLevelFees, "update_contract_terms", {
    id: ownerId,
    input: { contract_terms: values.contract_terms },
  });
};

const ALL: TListParams = { page: 1, perPage: 999, sort: "title" };
type TOwnerAttrs = { terms: string | null; contract_terms: string | null; currency: string };

/** The owner's terms, contract terms and fee per rank level, saved together. */
export const OwnerTermsCard = ({ ownerId }: { ownerId: string }) => {
  const { can } = useSession();
  const mayEdit = can("owners", "update");
  const owner = useQuery({
    queryKey: [owners.type, "one", ownerId, "terms"],
    queryFn: ({ signal }) => getOne<TOwnerAttrs>(owners.type, ownerId, {}, signal),
  });
  const levels = useQuery({
    queryKey: queryKeys.list("role_levels", ALL),
    queryFn: ({ signal }) => getList<{ title: string }>("role_levels", ALL, signal),
    enabled: can("roleLevels", "read"),
  });
  const feesRef = { parentType: "owners", parentId: ownerId, path: "level_fees" };
  const fees = useQuery({
    queryKey: queryKeys.manyReference(ownerLevelFees.type, feesRef, { perPage: 999 }),
    queryFn: ({ signal }) =>
      getManyReference<{ level_name: string; fee: number }>(
        ownerLevelFees.type,
        feesRef,
        { perPage: 999 },
        signal,
      ),
  });
  const [values, setValues] = useState<TOwnerTerms | null>(null);
  useEffect(() => {
    if (values || !owner.data || !fees.data) return;
    const byLevel: Record<string, number | null> = {};
    for (const f of fees.data.data) {
      const level = f.relationships?.role_level?.data;
      if (level && !Array.isArray(level)) byLevel[level.id] = f.attributes.fee;
    }
    setValues({
      terms: owner.data.data.attributes.terms,
      contract_terms: owner.data.data.attributes.contract_terms,
      fees: byLevel,
    });
  }, [owner.data, fees.data, values]);

  const save = useResourceMutation({
    mutationFn: (v: TOwnerTerms) => sendOwnerTerms(ownerId, v),
    invalidates: [owners.type, ownerLevelFees.type],
    notice: "Owner's terms saved",
  });
  if (!values) return null;
  const levelList = levels.data?.data ?? [];
  const currency = owner.data?.data.attributes.currency ?? "";
  return (
    <Card withBorder padding="md" data-testid="owner-terms">
      <Stack gap="sm">
        <Title order={4}>Terms and fees</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea
            label="Terms"
            autosize
            minRows={3}
            maxRows={10}
            value={values.terms ?? ""}
            readOnly={!mayEdit}
            onChange={(e) => setValues({ ...values, terms: e.currentTarget.value || null })}
          />
          <Textarea
            label="Contract terms"
            autosize
            minRows={3}
            maxRows={10}
            value={values.contract_terms ?? ""}
            readOnly={!mayEdit}
            onChange={(e) => setValues({ ...values, contract_terms: e.currentTarget.value || null })}
          />
        </SimpleGrid>
        {levelList.length > 0 ? (
          <Group gap="sm" wrap="wrap" align="flex-end">
            {levelList.map((l) => (
              <NumberInput
                key={l.id}
                label={`Fee, ${l.attributes.title} level${currency ? ` (${currency})` : ""}`}
                min={0}
                max={1_000_000}
                allowDecimal={false}
                w={200}
                readOnly={!mayEdit}
                value={values.fees[l.id] ?? ""}
                onChange={(v) =>
                  setValues({ ...values, fees: { ...values.fees, [l.id]: typeof v === "number" ? v : null } })
                }
              />
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Rank levels are not readable with this account.
          </Text>
        )}
        {mayEdit && (
          <Group>
            <Button size="xs" loading={save.isPending} onClick={() => save.mutate(values)}>
              Save terms
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
