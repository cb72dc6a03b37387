import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { fetchRoutes, jsonAnswer, renderWithProviders } from "../lib/test-utils";
import { LoginPage } from "./LoginPage";

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("login page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the first API error when sign-in fails, and no Google button without a client id", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/public_config": () =>
            jsonAnswer(200, { google_client_id: null, help_document_url: null }),
          "POST /api/auth/sign_in": () =>
            jsonAnswer(401, {
              errors: [
                {
                  status: "401",
                  title: "Unauthorized",
                  detail: "Invalid login credentials. Please try again.",
                },
                { status: "401", title: "Second error" },
              ],
            }),
        }),
      ),
    );
    renderWithProviders(<LoginPage />, { route: "/login" });
    fill("Email", "admin@example.com");
    fill("Password", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByTestId("login-error")).textContent).toContain(
      "Invalid login credentials. Please try again.",
    );
    expect(screen.queryByText("Second error")).toBeNull();
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
  });

  it("checks the fields before calling the server", async () => {
    const fetchMock = vi.fn(fetchRoutes({ "GET /api/public_config": () => jsonAnswer(200, {}) }));
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Enter your email");
    screen.getByText("Enter your password");
    expect(fetchMock.mock.calls.some(([url]) => typeof url === "string" && url.includes("sign_in"))).toBe(
      false,
    );
  });

  it("offers Google sign-in when the server has a Google client id", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        fetchRoutes({
          "GET /api/public_config": () =>
            jsonAnswer(200, { google_client_id: "abc.apps.googleusercontent.com" }),
        }),
      ),
    );
    renderWithProviders(<LoginPage />, { route: "/login" });
    await screen.findByTestId("google-sign-in");
  });
});
