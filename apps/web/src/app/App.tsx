import { useEffect } from "react";
import { checkSession } from "../session/session-actions";
import { useSessionState } from "../session/use-session";
import { AppRouter } from "./AppRouter";
import { DemoPreparing } from "./DemoPreparing";
import { FullScreenLoader } from "./FullScreenLoader";
import { queryClient } from "./query-client";
import { ServerUnreachable } from "./ServerUnreachable";

/** Waits for a first start's demo fill and the session check, then routes by what the signed-in user may do. */
export const App = () => (
  <DemoPreparing>
    <SessionGate />
  </DemoPreparing>
);

const SessionGate = () => {
  const session = useSessionState();

  // Cached answers belong to the account that fetched them.
  useEffect(() => {
    if (session.status === "signed-out") queryClient.clear();
  }, [session.status]);

  switch (session.status) {
    case "checking":
      return <FullScreenLoader label="Checking your session…" />;
    case "unreachable":
      return <ServerUnreachable onRetry={() => void checkSession()} />;
    case "signed-out":
      return <AppRouter user={null} />;
    case "signed-in":
      return <AppRouter user={session.user} />;
  }
};
