import { wageScales, ZWageForRank } from "@crew/contracts";
import { Group, Paper, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { runActionFor } from "../../api/run-action";
import { formatMoney } from "../../lib/numbers";

const ZAnswer = z.object({ data: ZWageForRank.nullable() });

/**
 * The owner's wage for the plan's rank (the seafarer's nationality's alternative scale where the
 * owner keeps one) and, with a seafarer, their expected wage against it: above or below the
 * scale, by how much (the timeplan editor).
 */
export const WageForRank = ({
  vesselId,
  rankId,
  userId,
}: {
  vesselId: number;
  rankId: number;
  userId?: string | undefined;
}) => {
  const input = { vessel_id: vesselId, role_id: rankId, ...(userId ? { user_id: Number(userId) } : {}) };
  const answer = useQuery({
    queryKey: ["wage_scales", "for_rank", input],
    queryFn: ({ signal }) => runActionFor(wageScales, "for_rank", { input }, ZAnswer, { signal }),
    retry: false,
  });
  const wage = answer.data?.data;
  if (!wage || wage.wage_scale_id === null) return null;
  const money = (n: number) => formatMoney(n, wage.currency);
  const diff = wage.difference;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="plan-wage">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          Owner&apos;s scale{wage.scale_type === "alternative" ? " (for the nationality)" : ""}:{" "}
          <b>{money(wage.total)}</b> a month
        </Text>
        {wage.expected_wage !== null && diff !== null && (
          <Text size="sm" c={diff > 0 ? "orange.8" : "teal.8"} data-testid="plan-wage-difference">
            Expects {money(wage.expected_wage)}:{" "}
            {diff === 0
              ? "as the scale"
              : `${money(Math.abs(diff))} ${diff > 0 ? "above" : "below"} the scale`}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Basic {money(wage.basic_wage)} · overtime {money(wage.guaranteed_overtime)} · leave{" "}
        {money(wage.leave_pay)}
        {" · "}allowances {money(wage.other_allowances)}
      </Text>
    </Paper>
  );
};
