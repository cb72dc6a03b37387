import { expect, test, type Page } from "@playwright/test";
import { applicants, APPLICANT_FILTERS_BASIC } from "@crew/contracts";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { DEMO_PASSWORD, signIn } from "./support/session";

/** Issue 21: the reference page over GET /api/openapi.json, offline, with try-it-out. */

// Swagger UI over some 600 operations is slow to start on a busy machine.
test.setTimeout(300_000);

/** Every request the page makes, and what the browser refused by the page's CSP. */
const watch = (page: Page) => {
  const requests: string[] = [];
  const refused: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  return { requests, refused };
};

const operation = (page: Page, method: string, path: string) =>
  page
    .locator(`.opblock-${method}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

/** Opens an operation (its tag's section first: the page starts with everything folded). */
const open = async (page: Page, method: string, path: string, tag: string) => {
  const block = operation(page, method, path);
  if (!(await block.count())) await page.locator(`.opblock-tag[data-tag="${tag}"]`).click();
  await block.locator(".opblock-summary").first().click();
  await expect(block.locator(".opblock-body")).toBeVisible();
  return block;
};

const execute = async (page: Page, method: string, path: string, tag: string, body?: string) => {
  const block = await open(page, method, path, tag);
  await block.getByRole("button", { name: "Try it out" }).click();
  if (body !== undefined) {
    const editor = block.locator("textarea.body-param__text");
    await editor.fill(body);
    await expect(editor).toHaveValue(body);
  }
  await block.getByRole("button", { name: "Execute" }).click();
  const status = block.locator(".live-responses-table .response .response-col_status").first();
  await expect(status).toBeVisible();
  return { block, status };
};

test("the reference loads with nothing from outside this server and shows the applicants list with its filters", async ({
  page,
  baseURL,
}) => {
  const seen = watch(page);
  await page.goto("/api/docs");
  // The first request of a process builds the document (a second or so; more on a busy machine).
  await expect(page.getByRole("heading", { name: /Crewing back office API/ })).toBeVisible({
    timeout: 60_000,
  });
  const block = await open(page, "get", "/api/users", "users");
  for (const name of Object.keys(applicants.filters))
    await expect(block.locator(".parameter__name", { hasText: `filter[${name}]` })).toHaveCount(1);
  expect(APPLICANT_FILTERS_BASIC).toHaveLength(13);
  await expect(block.locator(".parameter__name", { hasText: "filter[" })).toHaveCount(
    Object.keys(applicants.filters).length,
  );
  await expect(block.getByText("users.read", { exact: false }).first()).toBeVisible();
  await page.setViewportSize(WIDE);
  await shoot(page, "api-reference", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "api-reference", { fullPage: false });

  const origin = new URL(baseURL ?? "").origin;
  expect(seen.requests.length).toBeGreaterThan(2);
  expect(seen.requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  expect(seen.refused).toEqual([]);
});

test("a newcomer signs in and lists vessels from try-it-out", async ({ page, baseURL }) => {
  const seen = watch(page);
  await page.goto("/api/docs");
  await expect(page.getByRole("status")).toContainText("Not signed in");
  await expect(page.getByRole("heading", { name: /Crewing back office API/ })).toBeVisible({
    timeout: 60_000,
  });
  const signInCall = await execute(
    page,
    "post",
    "/api/auth/sign_in",
    "session",
    JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
  );
  await expect(signInCall.status).toHaveText("200");
  await expect(page.getByRole("status")).toContainText("admin@example.com");

  const list = await execute(page, "get", "/api/vessels", "vessels");
  await expect(list.status).toHaveText("200");
  await expect(
    list.block.locator(".live-responses-table .response-col_description pre").first(),
  ).toContainText('"type": "vessels"');
  await page.setViewportSize(WIDE);
  await list.block.scrollIntoViewIfNeeded();
  await shoot(page, "api-reference-try-vessels", { fullPage: false });
  const origin = new URL(baseURL ?? "").origin;
  expect(seen.requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  expect(seen.refused).toEqual([]);
});

test("try-it-out uses the session of the app and keeps its rotated tokens", async ({ page }) => {
  await signIn(page, "manager@example.com");
  await page.goto("/api/docs");
  await expect(page.getByRole("status")).toContainText("manager@example.com");
  const check = await execute(page, "get", "/api/auth/validate_token", "session");
  await expect(check.status).toHaveText("200");
  // The app still works with the session the page kept.
  await page.goto("/vessels");
  await expect(page.getByTestId("user-menu")).toBeVisible();
});
