import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { App } from "./app/App";
import { Providers } from "./app/Providers";
import { checkSession, installSessionListeners } from "./session/session-actions";

// The session check starts before the first render, so the spinner is the only wait.
installSessionListeners();
void checkSession();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
