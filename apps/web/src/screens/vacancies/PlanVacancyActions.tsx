import { vacancies } from "@crew/contracts";
import { Anchor, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { getOne, queryKeys, recordOf } from "../../api";
import { useSession } from "../../session/use-session";
import { ApplyToVacancyButton } from "./ApplyToVacancyButton";

/**
 * In the scheduler's vacancy plan (issue 18 §2, "from the scheduler's vacancy item"): the
 * vacancy the plan made, a link to its page (matches, applications) and Apply a seafarer.
 * Its own component so the planner only places it.
 */
export const PlanVacancyActions = ({ vacancyId }: { vacancyId: number }) => {
  const { can } = useSession();
  const readable = can("vacancies", "read");
  const one = useQuery({
    queryKey: queryKeys.one("vacancies", vacancyId),
    queryFn: ({ signal }) => getOne("vacancies", vacancyId, { include: [] }, signal),
    enabled: readable,
  });
  if (!readable) return null;
  const a = one.data ? recordOf(vacancies, one.data.data).attributes : null;
  const label = a?.title ?? `Vacancy V-${vacancyId}`;
  return (
    <Group justify="space-between" gap="xs" data-testid="plan-vacancy">
      <Text size="sm">
        <Anchor component={Link} to={`/vacancies/${vacancyId}/details`}>
          {label}
        </Anchor>
        {a ? ` · ${a.published ? "published" : "not published"} · ${a.applies_count ?? 0} applied` : ""}
      </Text>
      <ApplyToVacancyButton size="xs" label="Apply a seafarer" vacancy={{ id: String(vacancyId), label }} />
    </Group>
  );
};
