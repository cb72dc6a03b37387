import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Navigate } from "react-router-dom";
import { RouteFallback } from "../resources/RouteFallback";
import { useSession } from "../session/use-session";
import { plannerRowsQuery } from "../screens/planner/planner-rows";
import { rootTarget } from "./root-target";
import { SCREEN_PATHS } from "./screens-bridge";
import { StartPage } from "./StartPage";

const PlannerScreen = lazy(() => import("../screens/planner/PlannerScreen"));

/** '/' (spec 2.3): the planner with timeplans read, else a redirect to the user's first useful screen. */
export const RootPage = () => {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const target = rootTarget(can, SCREEN_PATHS);
  const planner = target.kind !== "redirect" && can("timeplans", "read");
  // The planner's rows load while its code (vis-timeline) does.
  useEffect(() => {
    if (planner) void queryClient.prefetchQuery(plannerRowsQuery);
  }, [planner, queryClient]);
  if (target.kind === "redirect") return <Navigate to={target.to} replace />;
  if (!can("timeplans", "read")) return <StartPage />;
  return (
    <Suspense fallback={<RouteFallback />}>
      <PlannerScreen />
    </Suspense>
  );
};

export default RootPage;
