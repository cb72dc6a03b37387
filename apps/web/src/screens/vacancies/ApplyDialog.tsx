import { FIRST_APPLY_COMMENT, VACANCY_NOTICES } from "@crew/contracts";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { createManyReference } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";

/** One side of an application the caller already knows (the vacancy on its page, the seafarer on his). */
export interface TNamed {
  id: string;
  label: string;
}

export interface TApplyDialogProps {
  /** Known vacancy, or null to pick an open one. */
  vacancy: TNamed | null;
  /** Known seafarer, or null to pick one. */
  candidate: TNamed | null;
  onClose: () => void;
  onApplied?: () => void;
}

/**
 * Applies a seafarer to a vacancy after saying exactly what will be written: a new application
 * of the two, status Processing, its first change comment 'Candidate is applied' and the
 * optional comment typed here. Used from the vacancy's matches, the applicant's page and the
 * scheduler's vacancy plan.
 */
export const ApplyDialog = ({ vacancy, candidate, onClose, onApplied }: TApplyDialogProps) => {
  const [vacancyId, setVacancyId] = useState<string | null>(vacancy?.id ?? null);
  const [vacancyLabel, setVacancyLabel] = useState(vacancy?.label ?? "");
  const [candidateId, setCandidateId] = useState<string | null>(candidate?.id ?? null);
  const [candidateLabel, setCandidateLabel] = useState(candidate?.label ?? "");
  const [comment, setComment] = useState("");
  const apply = useResourceMutation({
    mutationFn: ({ v, c, body }: { v: string; c: string; body: string }) =>
      createManyReference(
        "vacancy_applies",
        { parentType: "vacancies", parentId: v },
        body ? { change_comments: [{ body }] } : {},
        { candidate: { type: "users", id: c } },
      ),
    invalidates: ["vacancy_applies", "vacancies"],
    notice: VACANCY_NOTICES.applied,
    onSuccess: () => {
      onApplied?.();
      onClose();
    },
  });
  const ready = Boolean(vacancyId && candidateId);
  return (
    <Modal opened onClose={onClose} title="Apply to a vacancy" centered data-testid="apply-dialog">
      <Stack gap="sm">
        {vacancy ? null : (
          <RelationshipSelect
            type="vacancies"
            label="Vacancy"
            placeholder="Rank or vessel"
            value={vacancyId}
            onChange={setVacancyId}
            onChangeOption={(o) => setVacancyLabel(o?.label ?? "")}
            data-testid="apply-vacancy"
          />
        )}
        {candidate ? null : (
          <RelationshipSelect
            type="users"
            label="Seafarer"
            placeholder="Name"
            value={candidateId}
            onChange={setCandidateId}
            onChangeOption={(o) => setCandidateLabel(o?.label ?? "")}
            data-testid="apply-candidate"
          />
        )}
        <Textarea
          label="Comment (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {ready ? (
          <Text size="sm" data-testid="apply-summary">
            A new application of <b>{candidateLabel}</b> to <b>{vacancyLabel}</b> is created with status
            Processing and the comment “{FIRST_APPLY_COMMENT}”{comment.trim() ? ", then your comment" : ""}.
            Nothing else changes.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            loading={apply.isPending}
            data-testid="apply-confirm"
            onClick={() =>
              vacancyId && candidateId && apply.mutate({ v: vacancyId, c: candidateId, body: comment.trim() })
            }
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
