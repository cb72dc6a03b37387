import { useState, type FormEvent } from "react";
import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconAnchor, IconCalendarEvent, IconShip, IconUsers } from "@tabler/icons-react";
import { firstErrorMessage } from "../api/api-error";
import { usePublicConfig } from "../api/public-config";
import { Logo } from "../brand/Logo";
import { GoogleSignInButton } from "./GoogleSignInButton";
import { signIn, signInGoogle } from "./session-actions";
import classes from "./LoginPage.module.css";

interface TFieldErrors {
  email?: string;
  password?: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const validate = (email: string, password: string): TFieldErrors => ({
  email:
    email.trim() === ""
      ? "Enter your email"
      : EMAIL_SHAPE.test(email.trim())
        ? undefined
        : "Enter a valid email address",
  password: password === "" ? "Enter your password" : undefined,
});

/** Public sign-in screen (spec 2.2, 4.1): email and password, Google when configured. */
export const LoginPage = () => {
  const config = usePublicConfig();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (attempt: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await attempt();
      // Signed in: the router is rebuilt for this user and leaves /login by itself.
    } catch (failure) {
      // Spec 8.1: a failed login shows the first API error.
      setError(firstErrorMessage(failure));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(email, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    void run(() => signIn({ email: email.trim().toLowerCase(), password }));
  };

  const googleClientId = config.data?.google_client_id ?? null;

  return (
    <div className={classes.page}>
      <aside className={classes.brand} aria-hidden="true">
        <div className={classes.brandInner}>
          <Group gap="sm" className={classes.brandLogo}>
            <IconAnchor size={28} stroke={1.8} />
            <Text fw={700} size="lg">
              Crewing back office
            </Text>
          </Group>
          <Title order={1} className={classes.brandTitle}>
            Crews, vessels and rotations in one place.
          </Title>
          <List spacing="md" className={classes.brandList} center>
            <List.Item
              icon={
                <ThemeIcon variant="white" radius="xl" size={30}>
                  <IconCalendarEvent size={18} />
                </ThemeIcon>
              }
            >
              Plan sign-ons and crew changes on a shared timeline
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="white" radius="xl" size={30}>
                  <IconUsers size={18} />
                </ThemeIcon>
              }
            >
              Keep seafarer applications, documents and interviews together
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="white" radius="xl" size={30}>
                  <IconShip size={18} />
                </ThemeIcon>
              }
            >
              Maintain vessels, owners, managers and reference data
            </List.Item>
          </List>
        </div>
      </aside>

      <main className={classes.formColumn}>
        <Box className={classes.formBox}>
          <Logo linkDisabled />
          <Stack gap={4} mt={40} mb="lg">
            <Title order={2}>Sign in</Title>
            <Text c="dimmed" size="sm">
              Use the account your company gave you.
            </Text>
          </Stack>

          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {error ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  role="alert"
                  data-testid="login-error"
                >
                  {error}
                </Alert>
              ) : null}
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                placeholder="name@company.com"
                size="md"
                autoFocus
                value={email}
                error={fieldErrors.email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                placeholder="Your password"
                size="md"
                value={password}
                error={fieldErrors.password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Button type="submit" size="md" fullWidth loading={busy} mt="xs">
                Sign in
              </Button>
            </Stack>
          </form>

          {googleClientId ? (
            <>
              <Divider label="or" labelPosition="center" my="lg" />
              <GoogleSignInButton
                clientId={googleClientId}
                onCredential={(credential) => void run(() => signInGoogle(credential))}
              />
            </>
          ) : null}

          <Text size="xs" c="dimmed" mt={48}>
            Trouble signing in? Ask your administrator to check your account.
          </Text>
        </Box>
      </main>
    </div>
  );
};

export default LoginPage;
