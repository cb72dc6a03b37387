import {
  bonusColumn,
  WAGE_BONUS_TYPES,
  WAGE_COMPONENTS,
  wageScaleNationalities,
  wageScales,
  type TWageScaleType,
} from "@crew/contracts";
import { Alert, Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { getList, getManyReference, queryKeys, type TListParams } from "../../api";
import { createManyReference, saveFile } from "../../api/data-provider";
import { runAction } from "../../api/run-action";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useSession } from "../../session/use-session";
import { formatAmount, GridCell } from "./GridCell";
import { OwnerTermsCard } from "./OwnerTermsCard";
import classes from "./wage-grid.module.css";

type TScaleAttrs = {
  role_name: string;
  crewing_priority: number;
  basic_wage: number;
  guaranteed_overtime: number;
  leave_pay: number;
  other_allowances: number;
  total: number;
  currency: string;
};
type TBonusAttrs = {
  role_name: string;
  crewing_priority: number;
  bonus_type: string;
  consequent_contracts: number;
  column: string;
  total: number;
  currency: string;
};
type TNationalityAttrs = { nationality_name: string };

const ALL: Pick<TListParams, "page" | "perPage"> = { page: 1, perPage: 999 };

/** sb columns by contract count, then spb, pb (the server's order of a contract's bonuses). */
const columnRank = (column: string): number => {
  const [type, n] = column.split("_");
  return type === "sb" ? Number(n ?? 1) : type === "spb" ? 100 : 101;
};
const columnHead = (column: string): string => {
  const [type, n] = column.split("_");
  const name = WAGE_BONUS_TYPES.find((t) => t.value === type)?.label ?? column;
  return n ? `${name} (${n}${n === "2" ? "nd" : n === "3" ? "rd" : "th"} contract)` : name;
};

/**
 * /owners/:id/wage (spec 002 §2, §3 Owner wage state): the owner's wage scale by type (normal,
 * or alternative per nationality) as a grid of ranks and components, the total computed; the
 * bonuses per rank; the owner's terms and fees per rank level. One cell is edited at a time and
 * saved on leaving it (updateScale / updateBonus: `{field: value}`).
 */
export const OwnerWageTab = ({ ownerId }: { ownerId: string }) => {
  const { can } = useSession();
  const mayEdit = can("wageScales", "update");
  const [wageType, setWageType] = useState<TWageScaleType>("normal");
  const [nationality, setNationality] = useState<string | null>(null);

  const nationalitiesRef = { parentType: "owners", parentId: ownerId, path: "wage_scales_nationalities" };
  const nationalities = useQuery({
    queryKey: queryKeys.manyReference(wageScaleNationalities.type, nationalitiesRef, ALL),
    queryFn: ({ signal }) =>
      getManyReference<TNationalityAttrs>(wageScaleNationalities.type, nationalitiesRef, ALL, signal),
    enabled: wageType === "alternative",
  });
  const nationalityOptions = useMemo(
    () =>
      (nationalities.data?.data ?? []).map((n) => ({
        value: String((n.relationships?.nationality?.data as { id?: string } | null)?.id ?? ""),
        label: n.attributes.nationality_name,
        record: n.id,
      })),
    [nationalities.data],
  );
  useEffect(() => {
    if (wageType === "alternative" && !nationality && nationalityOptions[0])
      setNationality(nationalityOptions[0].value);
  }, [wageType, nationality, nationalityOptions]);

  const scaleParams: TListParams = {
    ...ALL,
    sort: "crewing_priority",
    filter: {
      owner_id: ownerId,
      scale_type: wageType,
      ...(wageType === "alternative" ? { nationality_id: nationality ?? "0" } : {}),
    },
  };
  const showsScale = wageType === "normal" || nationality !== null;
  const scale = useQuery({
    queryKey: queryKeys.list(wageScales.type, scaleParams),
    queryFn: ({ signal }) => getList<TScaleAttrs>(wageScales.type, scaleParams, signal),
    enabled: showsScale,
  });
  const bonusParams: TListParams = { ...ALL, sort: "crewing_priority", filter: { owner_id: ownerId } };
  const bonuses = useQuery({
    queryKey: queryKeys.list("wage_bonuses", bonusParams),
    queryFn: ({ signal }) => getList<TBonusAttrs>("wage_bonuses", bonusParams, signal),
  });

  const createScale = useResourceMutation({
    mutationFn: () =>
      runAction(wageScales, "create_scale", {
        id: ownerId,
        input: {
          scale_type: wageType,
          ...(wageType === "alternative" && nationality ? { nationality_id: Number(nationality) } : {}),
        },
      }),
    invalidates: ["wage_scales", "wage_bonuses"],
    notice: "The scale has a row for every rank of the owner's fleet",
  });
  const [newNationality, setNewNationality] = useState<string | null>(null);
  const addNationality = useResourceMutation({
    mutationFn: (countryId: string) =>
      createManyReference(wageScaleNationalities.type, nationalitiesRef, {
        nationality_id: Number(countryId),
      }),
    invalidates: ["wage_scale_nationalities", "wage_scales"],
    notice: "Alternative scale added: it starts as a copy of the normal one",
    onSuccess: (_r, countryId) => {
      setNationality(countryId);
      setNewNationality(null);
    },
  });
  const exportScales = useResourceMutation({
    mutationFn: async () => {
      const answer = await runAction(wageScales, "export", { input: { owner_id: Number(ownerId) } });
      if (answer.kind === "file") saveFile(answer.file);
    },
  });

  const rows = scale.data?.data ?? [];
  const currency = rows[0]?.attributes.currency ?? bonuses.data?.data[0]?.attributes.currency ?? "";
  const bonusGrid = useMemo(() => {
    const cells = bonuses.data?.data ?? [];
    const columns = [...new Set(cells.map((c) => c.attributes.column))].sort(
      (a, b) => columnRank(a) - columnRank(b) || a.localeCompare(b),
    );
    const byRank = new Map<
      string,
      { rank: string; priority: number; cells: Map<string, (typeof cells)[number]> }
    >();
    for (const c of cells) {
      const key = c.attributes.role_name;
      const row = byRank.get(key) ?? { rank: key, priority: c.attributes.crewing_priority, cells: new Map() };
      row.cells.set(bonusColumn(c.attributes.bonus_type, c.attributes.consequent_contracts), c);
      byRank.set(key, row);
    }
    return { columns, rows: [...byRank.values()].sort((a, b) => a.priority - b.priority) };
  }, [bonuses.data]);

  return (
    <Stack gap="lg" data-testid="owner-wage">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={4}>Wage scale{currency ? `, ${currency} a month` : ""}</Title>
            <Group gap="xs" wrap="wrap">
              {mayEdit && showsScale && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  loading={createScale.isPending}
                  onClick={() => createScale.mutate()}
                >
                  {rows.length ? "Add missing ranks" : "Create scale"}
                </Button>
              )}
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                loading={exportScales.isPending}
                onClick={() => exportScales.mutate()}
              >
                Export .xlsx
              </Button>
            </Group>
          </Group>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <SegmentedControl
              size="xs"
              value={wageType}
              onChange={(v) => setWageType(v === "alternative" ? "alternative" : "normal")}
              data={[
                { value: "normal", label: "Normal" },
                { value: "alternative", label: "Per nationality" },
              ]}
              aria-label="Scale type"
            />
            {wageType === "alternative" && (
              <>
                <Select
                  size="xs"
                  label="Nationality"
                  placeholder={nationalityOptions.length ? "Pick one" : "None yet"}
                  data={nationalityOptions}
                  value={nationality}
                  onChange={setNationality}
                  w={200}
                />
                {can("wageScales", "create") && (
                  <Group gap={4} align="flex-end">
                    <RelationshipSelect
                      size="xs"
                      type="countries"
                      label="Add a nationality"
                      placeholder="Country"
                      value={newNationality}
                      onChange={setNewNationality}
                      exclude={nationalityOptions.map((n) => n.value)}
                      w={200}
                    />
                    <Button
                      size="xs"
                      disabled={!newNationality}
                      loading={addNationality.isPending}
                      onClick={() => newNationality && addNationality.mutate(newNationality)}
                    >
                      Add
                    </Button>
                  </Group>
                )}
              </>
            )}
          </Group>
          {!showsScale ? (
            <Text size="sm" c="dimmed">
              No alternative scale yet: add a nationality; its scale starts as a copy of the normal one.
            </Text>
          ) : scale.isLoading ? (
            <Text size="sm" c="dimmed">
              Loading…
            </Text>
          ) : rows.length === 0 ? (
            <Alert color="gray" title="No scale yet">
              {mayEdit
                ? "Create the scale: it gets a row for every rank on the owner's vessels."
                : "The owner has no wage scale of this type yet."}
            </Alert>
          ) : (
            <div className={classes.wrap}>
              <table className={classes.grid} data-testid="wage-scale-grid">
                <thead>
                  <tr>
                    <th>Rank</th>
                    {WAGE_COMPONENTS.map((c) => (
                      <th key={c.value}>{c.label}</th>
                    ))}
                    <th>Total</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr key={r.id}>
                      <th scope="row" className={classes.rank}>
                        {r.attributes.role_name}
                      </th>
                      {WAGE_COMPONENTS.map((c, j) => (
                        <GridCell
                          key={c.value}
                          grid="scale"
                          row={i}
                          col={j}
                          type="wage_scales"
                          id={r.id}
                          field={c.value}
                          value={r.attributes[c.value]}
                          mayEdit={mayEdit}
                          label={`${r.attributes.role_name}, ${c.label}`}
                        />
                      ))}
                      <td className={classes.total} data-testid={`scale-total-${i}`}>
                        {formatAmount(r.attributes.total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {mayEdit && rows.length > 0 && (
            <Text size="xs" c="dimmed">
              Click a cell or type in it; Enter or leaving the cell saves it, Escape undoes, arrows move.
            </Text>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>Bonuses{currency ? `, ${currency}` : ""}</Title>
          {bonusGrid.rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No bonuses yet: creating the scale adds a seniority bonus for the 2nd, 3rd and 4th consecutive
              contract, a special and a performance bonus per rank.
            </Text>
          ) : (
            <div className={classes.wrap}>
              <table className={classes.grid} data-testid="wage-bonus-grid">
                <thead>
                  <tr>
                    <th>Rank</th>
                    {bonusGrid.columns.map((c) => (
                      <th key={c}>{columnHead(c)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {bonusGrid.rows.map((r, i) => (
                    <tr key={r.rank}>
                      <th scope="row" className={classes.rank}>
                        {r.rank}
                      </th>
                      {bonusGrid.columns.map((c, j) => {
                        const cell = r.cells.get(c);
                        return cell ? (
                          <GridCell
                            key={c}
                            grid="bonus"
                            row={i}
                            col={j}
                            type="wage_bonuses"
                            id={cell.id}
                            field="total"
                            value={cell.attributes.total}
                            mayEdit={mayEdit}
                            label={`${r.rank}, ${columnHead(c)}`}
                          />
                        ) : (
                          <td key={c} />
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Stack>
      </Card>

      {can("owners", "read") && <OwnerTermsCard ownerId={ownerId} />}
    </Stack>
  );
};
