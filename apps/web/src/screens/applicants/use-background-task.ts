import { backgroundTasks } from "@crew/contracts";
import { useQuery } from "@tanstack/react-query";
import { getOne, recordOf } from "../../api";

const POLL_MS = 700;

/** A background task the user started (a tag batch, a large export), polled until it is done or failed. */
export const useBackgroundTask = (id: string | null) =>
  useQuery({
    queryKey: ["background_tasks", "one", id ?? ""],
    queryFn: async ({ signal }) =>
      recordOf(backgroundTasks, (await getOne("background_tasks", id ?? "", {}, signal)).data),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.attributes.status;
      return status === "done" || status === "failed" ? false : POLL_MS;
    },
  });
