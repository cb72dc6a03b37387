import { useEffect, useRef, useState } from "react";
import { Box, Text } from "@mantine/core";
import { loadGoogleIdentity } from "./google-identity";

interface TProps {
  clientId: string;
  onCredential: (credential: string) => void;
}

/** Google's own rendered button (their branding rules), sized to the form. */
export const GoogleSignInButton = ({ clientId, onCredential }: TProps) => {
  const holder = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !holder.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential),
        });
        google.renderButton(holder.current, {
          theme: "outline",
          size: "large",
          text: "signin_with",
          shape: "rectangular",
          logo_alignment: "center",
          width: Math.min(holder.current.clientWidth || 320, 400),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (failed) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        Google sign-in is unavailable right now.
      </Text>
    );
  }
  return (
    <Box
      ref={holder}
      mih={44}
      style={{ display: "flex", justifyContent: "center" }}
      data-testid="google-sign-in"
    />
  );
};
