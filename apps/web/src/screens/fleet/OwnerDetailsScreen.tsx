import { SimpleGrid, Stack } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { crewUsers } from "@crew/contracts";
import {
  addToRelationship,
  getManyReference,
  queryKeys,
  recordOf,
  removeFromRelationship,
  type TListParams,
} from "../../api";
import type { TOneRecord } from "../../resources/data/resource-types";
import { ResourceDetailsScreen, type TDetailsTab } from "../../resources/details/ResourceDetailsScreen";
import { relatedTitles } from "../../resources/list/columns";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { CompanyVessels } from "./CompanyVessels";
import { LinkedRecords } from "./LinkedRecords";
import { OWNER_CONTRACT_FIELDS, ownerContractTabs } from "./owner-contract-tabs";
import { OWNER_NOTICES } from "./owner-messages";
import { OWNER_WAGE_HIDDEN_TABS, ownerWageTabs } from "../wages/wage-tab";

const RECRUITERS: TListParams = { page: 1, perPage: 999, sort: "name" };

/** Crew inspectors of the owner (POST/DELETE owners/{id}/relationships/crew_inspectors). */
const CrewInspectors = ({ one }: { one: TOneRecord }) => {
  const { can } = useSession();
  const inspectors = relatedTitles(one.record, "crew_inspectors", one.included);
  const may = can("owners.crewInspectors", "update") && can("owners", "update");
  return (
    <LinkedRecords
      title="Crew inspectors"
      type="clients"
      pickerLabel="Crew user"
      records={inspectors.map((c) => ({
        key: c.value,
        label: c.label,
        href: `/crew-users/${c.value}/details`,
      }))}
      empty="No crew inspector yet."
      mayAdd={may}
      mayRemove={may}
      onAdd={(option) =>
        addToRelationship("owners", one.record.id, "crew_inspectors", [{ type: "clients", id: option.value }])
      }
      onRemove={(record) =>
        removeFromRelationship("owners", one.record.id, "crew_inspectors", [
          { type: "clients", id: record.key },
        ])
      }
      invalidates={["owners"]}
      added={OWNER_NOTICES.inspectorAssigned}
      removed={OWNER_NOTICES.inspectorUnassigned}
      testId="crew-inspectors"
    />
  );
};

/** /owners/:id/recruiters: the crew users recruiting for the owner's fleet (GET owners/{id}/recruiters_list). */
const OwnerRecruiters = ({ ownerId }: { ownerId: string }) => {
  const { can } = useSession();
  const ref = { parentType: "owners", parentId: ownerId, path: "recruiters_list" };
  const list = useQuery({
    queryKey: queryKeys.manyReference("clients", ref, RECRUITERS),
    queryFn: ({ signal }) => getManyReference("clients", ref, RECRUITERS, signal),
  });
  const may = can("owners.assignedRecruiters", "update") && can("owners", "update");
  return (
    <LinkedRecords
      title="Recruiters"
      type="clients"
      pickerLabel="Crew user"
      loading={list.isLoading}
      records={(list.data?.data ?? []).map((c) => {
        const { name, email } = recordOf(crewUsers, c).attributes;
        return { key: c.id, label: name, detail: email, href: `/crew-users/${c.id}/details` };
      })}
      empty="Nobody recruits for this owner's fleet yet."
      mayAdd={may}
      mayRemove={may}
      onAdd={(option) =>
        addToRelationship("owners", ownerId, "recruiters", [{ type: "clients", id: option.value }])
      }
      onRemove={(record) =>
        removeFromRelationship("owners", ownerId, "recruiters", [{ type: "clients", id: record.key }])
      }
      invalidates={["clients", "owners"]}
      added={OWNER_NOTICES.recruiterAssigned}
      removed={OWNER_NOTICES.recruiterUnassigned}
    />
  );
};

/**
 * /owners/:id/details (spec 002 §2): the owner's fields, its vessels (name and IMO) and crew
 * inspectors; /owners/:id/recruiters. Wage, document and equipment matrices come later.
 */
export const OwnerDetailsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const include = useMemo(() => (can("crewUsers", "read") ? ["crew_inspectors"] : []), [can]);
  const tabs = useMemo(
    (): TDetailsTab[] => [
      ...ownerWageTabs(can),
      ...(can("crewUsers", "read")
        ? [
            {
              value: "recruiters",
              label: "Recruiters",
              icon: <IconUsers size={16} />,
              render: (one: TOneRecord) => <OwnerRecruiters ownerId={one.record.id} />,
            },
          ]
        : []),
      ...ownerContractTabs(),
    ],
    [can],
  );
  return (
    <ResourceDetailsScreen
      config={config}
      include={include}
      tabs={tabs}
      hiddenTabs={["vessels", "recruiters_list", ...OWNER_WAGE_HIDDEN_TABS]}
      hiddenFields={["crew_inspectors", "recruiters", "vessels", ...OWNER_CONTRACT_FIELDS]}
    >
      {(one) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CompanyVessels parentType="owners" parentId={one.record.id} />
          <Stack gap="md">{can("crewUsers", "read") ? <CrewInspectors one={one} /> : null}</Stack>
        </SimpleGrid>
      )}
    </ResourceDetailsScreen>
  );
};
