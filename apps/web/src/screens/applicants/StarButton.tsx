import { applicants } from "@crew/contracts";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { runAction } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";

/** The caller's star on one applicant (POST favorites/star_user toggles it). */
export const StarButton = ({ userId, starred, name }: { userId: string; starred: boolean; name: string }) => {
  // The variable is the star as clicked: shown until the list has reloaded, dropped on failure.
  const star = useResourceMutation<boolean>({
    mutationFn: () => runAction(applicants, "star_user", { input: { user_id: Number(userId) } }),
    invalidates: ["users"],
  });
  const shown = star.isPending && star.variables !== undefined ? star.variables : starred;
  const toggle = () => star.mutate(!shown);
  const label = shown ? `Remove ${name} from favourites` : `Add ${name} to favourites`;
  return (
    <Tooltip label={shown ? "In your favourites" : "Add to favourites"} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color={shown ? "yellow" : "gray"}
        aria-label={label}
        aria-pressed={shown}
        onClick={toggle}
      >
        {shown ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </Tooltip>
  );
};
