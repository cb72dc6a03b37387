import { ZSurveyTagCount, type TSurveyTagCount } from "@crew/contracts";
import { isApiError } from "../../api";

/**
 * The count a send to a tag answers with (POST /api/survey_schemas/{id}/send_to_tag): a 409
 * whose error meta says who the survey would reach. Null for any other failure.
 */
export const tagCountOf = (error: unknown): TSurveyTagCount | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const first = error.apiErrors[0];
  if (first?.code !== "confirm_count") return null;
  const parsed = ZSurveyTagCount.safeParse(first.meta);
  return parsed.success ? parsed.data : null;
};

const seafarers = (n: number) => (n === 1 ? "1 seafarer" : `${n} seafarers`);

/** "12 seafarers, 3 without Telegram" and what is left alone, as the sender reads it before confirming. */
export const tagCountText = (count: TSurveyTagCount): { reach: string; left: string | null } => {
  const reach =
    count.reach === 0
      ? "Nobody to send to"
      : `${seafarers(count.reach)}, ${count.without_telegram} without Telegram`;
  const left = [
    count.open_links ? `${count.open_links} already hold an open link` : null,
    count.answered ? `${count.answered} answered already` : null,
  ].filter(Boolean);
  return {
    reach,
    left: left.length
      ? `Left alone: ${left.join(", ")} (of ${seafarers(count.seafarers)} in the tag).`
      : null,
  };
};
