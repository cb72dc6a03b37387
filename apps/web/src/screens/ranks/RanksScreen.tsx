import { Table, VisuallyHidden } from "@mantine/core";
import { useCallback } from "react";
import type { TScreenProps } from "../../resources/screen-registry";
import { ResourceListScreen, type TBodyContext } from "../../resources/list/ResourceListScreen";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { compactFilter } from "../../resources/list-state/list-query";
import { useSession } from "../../session/use-session";
import { canReorder } from "./reorder";
import { RanksBody } from "./RanksBody";
import { RanksCards } from "./RanksCards";

/** /ranks: the generic list plus drag handles that set the crewing priority. */
export const RanksScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const mayUpdate = can(config.def.permission, "update");
  const enabledFor = useCallback(
    ({ list: { query } }: TBodyContext) =>
      mayUpdate && canReorder(query.sort, Object.keys(compactFilter(query.filter)).length, query.search),
    [mayUpdate],
  );
  const renderBody = useCallback(
    (records: readonly TResourceRecord[], context: TBodyContext) => (
      <RanksBody config={config} records={records} context={context} enabled={enabledFor(context)} />
    ),
    [config, enabledFor],
  );
  const renderCards = useCallback(
    (records: readonly TResourceRecord[], context: TBodyContext) => (
      <RanksCards config={config} records={records} context={context} enabled={enabledFor(context)} />
    ),
    [config, enabledFor],
  );
  if (!mayUpdate) return <ResourceListScreen config={config} />;
  return (
    <ResourceListScreen
      config={config}
      renderBody={renderBody}
      renderCards={renderCards}
      leadingHeader={
        <Table.Th w={44}>
          <VisuallyHidden>Order</VisuallyHidden>
        </Table.Th>
      }
    />
  );
};
