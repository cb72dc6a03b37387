import { crewUsers } from "@crew/contracts";
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { runAction } from "../../api";
import { fieldErrorsOf } from "../../errors/field-errors";
import { notifySuccess } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useCurrentUser } from "../../session/use-session";
import { FLEET_NOTICES } from "./vessel-messages";

export interface TEquasisAccountFormProps {
  /** Why the form is shown (the server's words: no account saved, a password it cannot read). */
  reason?: string;
  /**
   * Called once the account is saved; a caller that retries the registry with it answers
   * Equasis' refusal (its message) or null. A refusal is shown on the password field as the one
   * message, instead of "saved" beside "failed".
   */
  onSaved: () => void | Promise<string | null>;
}

/**
 * The staff user's Equasis account (spec 000 §3.2: equasis_email), saved in their own profile
 * (PATCH /api/clients/me). The password is sealed by the server and never comes back, so the
 * field is always empty.
 */
export const EquasisAccountForm = ({ reason, onSaved }: TEquasisAccountFormProps) => {
  const user = useCurrentUser();
  const [email, setEmail] = useState(user.equasis_email ?? user.email);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useResourceMutation({
    mutationFn: () =>
      runAction(crewUsers, "update_me", { input: { equasis_email: email, equasis_password: password } }),
    // No automatic notice: "saved" only once the retried search did not refuse the account.
    onSuccess: async () => {
      const refused = await onSaved();
      if (refused) setErrors({ equasis_password: refused });
      else notifySuccess(FLEET_NOTICES.accountSaved);
    },
    // Every refusal shows in the form itself: on its field, else under the password.
    refusal: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(
        Object.keys(fields).length
          ? fields
          : { base: error instanceof Error ? error.message : String(error) },
      );
      return true;
    },
  });
  const save = () => {
    setErrors({});
    saving.mutate();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light" icon={<IconKey size={18} />} title="Your Equasis account">
          <Text size="sm">
            {reason ? `${reason} ` : ""}The server signs in to Equasis with your own account; the password is
            stored encrypted and never shown again.
          </Text>
        </Alert>
        <TextInput
          label="Equasis email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.equasis_email}
        />
        <PasswordInput
          label="Equasis password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.equasis_password ?? errors.base}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving.isPending} disabled={!email || !password}>
            Save account
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
