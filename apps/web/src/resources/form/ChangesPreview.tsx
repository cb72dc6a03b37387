import { Alert, Button, Group, List } from "@mantine/core";

/**
 * What a save is about to change, shown before anything is sent: the user confirms it or goes
 * back to the form (a screen never changes what the user did not spell out).
 */
export const ChangesPreview = ({
  lines,
  onConfirm,
  onBack,
  busy,
}: {
  lines: readonly string[];
  onConfirm: () => void;
  onBack: () => void;
  busy?: boolean;
}) => (
  <Alert color="blue" variant="light" title="This save will change" data-testid="changes-preview">
    <List size="sm" spacing={2} mb="sm">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
    <Group gap="xs">
      <Button size="xs" onClick={onConfirm} loading={busy}>
        Confirm and save
      </Button>
      <Button size="xs" variant="default" onClick={onBack} disabled={busy}>
        Back
      </Button>
    </Group>
  </Alert>
);
