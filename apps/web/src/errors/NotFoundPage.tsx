import { IconCompassOff } from "@tabler/icons-react";
import { ErrorScreen } from "./ErrorScreen";

/** /page-not-found and every unknown path (spec 2.2). */
export const NotFoundPage = () => (
  <ErrorScreen
    code="404"
    title="Page not found"
    text="The page you are looking for does not exist, has moved, or the record was deleted."
    icon={<IconCompassOff size={36} stroke={1.5} />}
  />
);

export default NotFoundPage;
