import { users } from "@crew/contracts";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys, runAction } from "../../api";
import { useApiErrorHandler } from "../../errors";

/** The caller's star on one applicant (POST favorites/star_user toggles it). */
export const StarButton = ({ userId, starred, name }: { userId: string; starred: boolean; name: string }) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(starred);
  // The list reloads after a toggle; until then the star shows what was clicked.
  if (!busy && shown !== starred) setShown(starred);
  const toggle = async () => {
    setBusy(true);
    setShown(!shown);
    try {
      await runAction(users, "star_user", { input: { user_id: Number(userId) } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.all("users") });
    } catch (error) {
      setShown(starred);
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  const label = shown ? `Remove ${name} from favourites` : `Add ${name} to favourites`;
  return (
    <Tooltip label={shown ? "In your favourites" : "Add to favourites"} openDelay={400}>
      <ActionIcon variant="subtle" color={shown ? "yellow" : "gray"} aria-label={label} aria-pressed={shown} onClick={() => void toggle()} disabled={busy && false}>
        {shown ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </Tooltip>
  );
};
