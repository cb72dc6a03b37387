import { seaService } from "@crew/contracts";
import { Button } from "@mantine/core";
import { IconFileCv } from "@tabler/icons-react";
import { runAction, saveFile } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useSession } from "../../session/use-session";

/**
 * Downloads the applicant's CV (GET /api/print/{id}: a .docx named by the server's
 * Content-Disposition). Shown to whoever may read applicants.
 */
export const CvButton = ({ userId, size = "xs" }: { userId: string; size?: "xs" | "sm" }) => {
  const { can } = useSession();
  const print = useResourceMutation({
    mutationFn: () => runAction(seaService, "print_cv", { id: userId, input: {} }),
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
    },
  });
  if (!can("users", "read")) return null;
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconFileCv size={16} />}
      loading={print.isPending}
      onClick={() => print.mutate()}
    >
      CV
    </Button>
  );
};
