import { clients } from "@crew/contracts";
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { runAction } from "../../api";
import { fieldErrorsOf } from "../../errors/field-errors";
import { notifySuccess } from "../../notices";
import { useCurrentUser } from "../../session/use-session";
import { FLEET_NOTICES } from "./vessel-messages";

export interface TEquasisAccountFormProps {
  /** Why the form is shown (the server's words: no account saved, a password it cannot read). */
  reason?: string;
  onSaved: () => void;
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
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await runAction(clients, "update_me", { input: { equasis_email: email, equasis_password: password } });
      notifySuccess(FLEET_NOTICES.accountSaved);
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { base: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light" icon={<IconKey size={18} />} title="Your Equasis account">
          <Text size="sm">
            {reason ? `${reason} ` : ""}The server signs in to Equasis with your own account; the password is stored encrypted and never shown again.
          </Text>
        </Alert>
        <TextInput label="Equasis email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.equasis_email} />
        <PasswordInput label="Equasis password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.equasis_password ?? errors.base} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!email || !password}>
            Save account
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
