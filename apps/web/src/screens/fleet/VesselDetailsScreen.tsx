import { vessels } from "@crew/contracts";
import { Badge, Button, Group, Modal } from "@mantine/core";
import { IconListNumbers, IconPhoto, IconRefresh, IconUsers } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { recordOf, runAction } from "../../api";
import { notifyError } from "../../notices";
import type { TOneRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { readableWith } from "../../resources/data/use-resource-queries";
import { ResourceDetailsScreen, type TDetailsTab } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { EquasisAccountForm } from "./EquasisAccountForm";
import { ManningScaleTab } from "./ManningScaleTab";
import { PhotoTab } from "./PhotoTab";
import { RecruitersTab } from "./RecruitersTab";
import { registryProblemOf } from "./registry-errors";
import { VesselCompanies } from "./VesselCompanies";
import { VESSEL_MESSAGES } from "./vessel-messages";

const INCLUDE = [
  "owner",
  "manager",
  "owner_vessel",
  "manager_vessel",
  "coordinator",
  "flag",
  "vessel_type",
  "main_engine",
] as const satisfies readonly (keyof typeof vessels.relationships)[];
/** Shown by the companies card and the tabs rather than in the particulars grid. */
const OWN_FIELDS = [
  "owner",
  "manager",
  "owner_vessel",
  "manager_vessel",
  "coordinator",
  "recruiters",
  "manning_scales",
  "photo",
  "owner_name",
  "manager_name",
];

/** Refresh from the registry (Equasis); a refused login says so in the spec's words. */
const RegistryRefresh = ({ one }: { one: TOneRecord }) => {
  const [account, setAccount] = useState<string | null>(null);
  const update = useResourceMutation({
    mutationFn: () => runAction(vessels, "update_from_equasis", { id: one.record.id, input: {} }),
    invalidates: ["vessels"],
    notice: VESSEL_MESSAGES.updated,
    // Every failure is the registry's: a refused login asks for the account, the rest say why.
    refusal: (error) => {
      const problem = registryProblemOf(error);
      if (problem.kind === "account") setAccount(problem.message);
      else notifyError(problem.message, "Registry refresh failed");
      return true;
    },
  });
  const refresh = () => update.mutate();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconRefresh size={16} />}
        loading={update.isPending}
        onClick={refresh}
      >
        Update from registry
      </Button>
      <Modal opened={account !== null} onClose={() => setAccount(null)} title="Equasis account">
        <EquasisAccountForm
          reason={account ?? undefined}
          onSaved={() => {
            setAccount(null);
            refresh();
          }}
        />
      </Modal>
    </>
  );
};

/**
 * /vessels/:id/:tab (spec 002 §2): the particulars with owner, manager and coordinator pickers
 * and a registry refresh; the manning scale, recruiters and photo tabs; the generic History.
 */
export const VesselDetailsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const include = useMemo(
    () => INCLUDE.filter((name) => readableWith(can)(vessels.relationships[name].type)),
    [can],
  );
  const tabs = useMemo(
    (): TDetailsTab[] => [
      ...(can("vessels.manningScales", "read")
        ? [
            {
              value: "manning_scales",
              label: "Manning scale",
              icon: <IconListNumbers size={16} />,
              render: (one: TOneRecord) => <ManningScaleTab vesselId={one.record.id} />,
            },
          ]
        : []),
      ...(can("vessels.assignedUsers", "read")
        ? [
            {
              value: "recruiters",
              label: "Recruiters",
              icon: <IconUsers size={16} />,
              render: (one: TOneRecord) => <RecruitersTab vesselId={one.record.id} />,
            },
          ]
        : []),
      {
        value: "photo",
        label: "Photo",
        icon: <IconPhoto size={16} />,
        render: (one: TOneRecord) => <PhotoTab one={one} />,
      },
    ],
    [can],
  );
  return (
    <ResourceDetailsScreen
      config={config}
      include={include}
      hiddenFields={OWN_FIELDS}
      tabs={tabs}
      badges={({ record }) => {
        const { is_active: active, is_selected: prospect } = recordOf(vessels, record).attributes;
        return (
          <Group gap={6}>
            {prospect ? (
              <Badge variant="light" color="grape">
                Prospect
              </Badge>
            ) : null}
            {active ? null : (
              <Badge variant="light" color="gray">
                Inactive
              </Badge>
            )}
          </Group>
        );
      }}
      actions={(one) => (can("vessels", "update") ? <RegistryRefresh one={one} /> : null)}
    >
      {(one) => <VesselCompanies one={one} />}
    </ResourceDetailsScreen>
  );
};
