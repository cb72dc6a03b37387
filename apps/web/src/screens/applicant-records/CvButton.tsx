import { expiriences } from "@crew/contracts";
import { Button } from "@mantine/core";
import { IconFileCv } from "@tabler/icons-react";
import { useState } from "react";
import { runAction, saveFile } from "../../api";
import { useApiErrorHandler } from "../../errors";
import { useSession } from "../../session/use-session";

/**
 * Downloads the applicant's CV (GET /api/print/{id}: a .docx named by the server's
 * Content-Disposition). Shown to whoever may read applicants.
 */
export const CvButton = ({ userId, size = "xs" }: { userId: string; size?: "xs" | "sm" }) => {
  const { can } = useSession();
  const handleError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  if (!can("users", "read")) return null;
  const download = async () => {
    setBusy(true);
    try {
      const answer = await runAction(expiriences, "print_cv", { id: userId, input: {} });
      if (answer.kind === "file") saveFile(answer.file);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} variant="default" leftSection={<IconFileCv size={16} />} loading={busy} onClick={() => void download()}>
      CV
    </Button>
  );
};
