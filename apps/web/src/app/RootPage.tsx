import { Navigate } from "react-router-dom";
import { useSession } from "../session/use-session";
import { rootTarget } from "./root-target";
import { SCREEN_PATHS } from "./screens-bridge";
import { StartPage } from "./StartPage";

/** '/' (spec 2.3): the planner's place, or a redirect to the user's first useful screen. */
export const RootPage = () => {
  const { can } = useSession();
  const target = rootTarget(can, SCREEN_PATHS);
  return target.kind === "redirect" ? <Navigate to={target.to} replace /> : <StartPage />;
};

export default RootPage;
