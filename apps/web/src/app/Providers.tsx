import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./query-client";
import { theme } from "./theme";

/** Always present (spec 2.2): the notice area and the confirm dialogs, around every screen. */
export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} defaultColorScheme="light">
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: "Confirm", cancel: "Cancel" }}>
        {/* Below the header so notices never cover its buttons (see global.css). */}
        <Notifications position="top-right" limit={5} zIndex={1000} classNames={{ root: "app-notices" }} />
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  </MantineProvider>
);
