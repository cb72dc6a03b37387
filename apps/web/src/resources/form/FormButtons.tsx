import { Button, Group, type MantineSpacing } from "@mantine/core";
import type { TFormMode } from "./form-model";

export interface TFormButtonsProps {
  mode: TFormMode;
  busy: boolean;
  onCancel: () => void;
  /** The record is saved but some files failed: only Close is left (the form says why above). */
  saved?: boolean;
  submitLabel?: string;
  mt?: MantineSpacing;
}

/** The foot of a record form: Cancel and Create (or Save changes), or Close once saved. */
export const FormButtons = ({ mode, busy, onCancel, saved = false, submitLabel, mt }: TFormButtonsProps) => (
  <Group justify="flex-end" gap="sm" mt={mt}>
    {saved ? (
      <Button onClick={onCancel}>Close</Button>
    ) : (
      <>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel ?? (mode === "create" ? "Create" : "Save changes")}
        </Button>
      </>
    )}
  </Group>
);
