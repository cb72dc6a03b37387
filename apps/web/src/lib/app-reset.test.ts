import { describe, expect, it } from "vitest";
import { clearApplicationState } from "./app-reset";

describe("Reset application state", () => {
  it("clears local storage except the session keys", () => {
    const session = {
      "access-token": "t",
      "token-type": "Bearer",
      client: "c",
      expiry: "1",
      uid: "u",
      clientId: "3",
    };
    for (const [k, v] of Object.entries(session)) localStorage.setItem(k, v);
    localStorage.setItem("users.filter", '{"role":"admin"}');
    localStorage.setItem("taskManager.filterExpanded", "true");
    clearApplicationState(localStorage);
    expect(localStorage.getItem("users.filter")).toBeNull();
    expect(localStorage.getItem("taskManager.filterExpanded")).toBeNull();
    for (const [k, v] of Object.entries(session)) expect(localStorage.getItem(k)).toBe(v);
    expect(localStorage.length).toBe(6);
  });
});
