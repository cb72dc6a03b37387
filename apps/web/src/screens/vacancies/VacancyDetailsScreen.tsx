import { vacancies } from "@crew/contracts";
import { Badge, Button, Group } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { recordOf } from "../../api";
import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { VacancyAppliesPanel } from "./VacancyAppliesPanel";
import { VacancyMatchesPanel } from "./VacancyMatchesPanel";

/**
 * /vacancies/:id/details: the vacancy's facts, its ranked matches (apply from them) and its
 * applications with the moves of the flow. The applications are on this tab, so the generic
 * applications tab is not repeated.
 */
export const VacancyDetailsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  return (
    <ResourceDetailsScreen
      config={config}
      hiddenTabs={["vacancy_applies"]}
      hiddenFields={["title", "public_path"]}
      badges={({ record }) => {
        const a = recordOf(vacancies, record).attributes;
        return (
          <Group gap="xs">
            <Badge color={a.published ? "teal" : "gray"} variant="light" radius="sm" tt="none">
              {a.published ? "Published" : "Not published"}
            </Badge>
          </Group>
        );
      }}
      actions={({ record }) => {
        const path = recordOf(vacancies, record).attributes.public_path;
        return path ? (
          <Button
            component="a"
            href={path}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            Public page
          </Button>
        ) : null;
      }}
    >
      {({ record }) => {
        const title = recordOf(vacancies, record).attributes.title ?? "";
        const vacancy = { id: record.id, label: title };
        return (
          <>
            {can("users", "read") ? (
              <VacancyMatchesPanel vacancy={vacancy} mayApply={can("vacancies", "create")} />
            ) : null}
            <VacancyAppliesPanel
              vacancyId={record.id}
              vacancyTitle={title}
              mayUpdate={can("vacancies", "update")}
              mayAddTask={can("taskManager", "create")}
            />
          </>
        );
      }}
    </ResourceDetailsScreen>
  );
};
