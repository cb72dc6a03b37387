import { Button, type ButtonProps } from "@mantine/core";
import { IconBriefcase } from "@tabler/icons-react";
import { useState } from "react";
import { useSession } from "../../session/use-session";
import { ApplyDialog, type TNamed } from "./ApplyDialog";

/**
 * "Apply to vacancy" where one side is known: the applicant's page (pick the vacancy) or the
 * scheduler's vacancy plan (pick the seafarer). Shown to those who may create applications.
 */
export const ApplyToVacancyButton = ({
  vacancy = null,
  candidate = null,
  label = "Apply to vacancy",
  ...button
}: {
  vacancy?: TNamed | null;
  candidate?: TNamed | null;
  label?: string;
} & Omit<ButtonProps, "children" | "onClick">) => {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  if (!can("vacancies", "create")) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBriefcase size={16} />}
        data-testid="apply-to-vacancy"
        {...button}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? <ApplyDialog vacancy={vacancy} candidate={candidate} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
