import { IconLock } from "@tabler/icons-react";
import { ErrorScreen } from "./ErrorScreen";

/** /page-forbidden: the server refused (403) what the screen asked for. */
export const ForbiddenPage = () => (
  <ErrorScreen
    code="403"
    title="Access denied"
    text="Your account is not allowed to open this page. If you need it for your work, ask an administrator to extend your permissions."
    icon={<IconLock size={36} stroke={1.5} />}
  />
);

export default ForbiddenPage;
