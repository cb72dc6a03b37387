import { Button, Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useRouteError } from "react-router-dom";
import { ErrorScreen } from "./ErrorScreen";

/**
 * A screen that crashed or whose code could not be loaded (typically a new deployment
 * replaced the old chunks): say so and offer a reload rather than a blank page.
 */
export const RouteErrorPage = () => {
  const error = useRouteError();
  console.error(error);
  const chunkMissing =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <ErrorScreen
      code={chunkMissing ? "update" : "500"}
      title={chunkMissing ? "A new version is available" : "Something went wrong"}
      text={
        chunkMissing
          ? "The application was updated while this page was open. Reload to continue with the new version."
          : "This screen ran into an unexpected problem. Reloading usually helps; if it does not, tell the support team what you were doing."
      }
      icon={<IconAlertTriangle size={36} stroke={1.5} />}
      action={
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" onClick={() => window.location.assign("/")}>
            Start page
          </Button>
        </Group>
      }
    />
  );
};

export default RouteErrorPage;
