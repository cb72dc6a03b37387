import { expect, test, type Page } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

const tag = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
const scaleNames = async (page: Page): Promise<string[]> =>
  (await page.getByTestId("scale-row").allInnerTexts()).map(
    (t) =>
      t
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean)[1] ?? "",
  );

test("copy from vessel asks first: replace or add, the resulting scale shown, never the vessel itself", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const t = tag();
  await api.vesselWithRows(`E2E COPY ${t} SOURCE`, ["Master", "Cook"]);
  const { vesselId } = await api.vesselWithRows(`E2E COPY ${t} TARGET`, ["Master", "AB"]);
  await signIn(page, "admin@example.com");
  await page.goto(`/vessels/${vesselId}/manning_scales`);
  await expect.poll(() => scaleNames(page)).toEqual(["Master", "AB"]);

  const from = page
    .getByRole("combobox", { name: "Copy from vessel" })
    .or(page.getByRole("textbox", { name: "Copy from vessel" }))
    .first();
  await from.click();
  await from.fill(`E2E COPY ${t}`);
  await expect(page.getByRole("option", { name: `E2E COPY ${t} SOURCE` })).toBeVisible();
  // The vessel itself is no source.
  await expect(page.getByRole("option", { name: `E2E COPY ${t} TARGET` })).toHaveCount(0);
  await page.getByRole("option", { name: `E2E COPY ${t} SOURCE` }).click();
  await page.getByRole("button", { name: "Copy…" }).click();

  const dialog = page.getByTestId("copy-scale");
  await expect(dialog.getByText("This vessel has 2 ranks already")).toBeVisible();
  const result = dialog.getByTestId("copy-scale-result");
  // Replace (the default): the source's scale, nothing doubled.
  await expect(result.getByRole("listitem")).toHaveText(["Master", "Cook"]);
  await dialog.getByRole("radio", { name: /^Add the 2 ranks/ }).check();
  await expect(result.getByRole("listitem")).toHaveText(["Master 1", "AB", "Master 2", "Cook"]);
  await shoot(page, "manning-scale-copy", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "manning-scale-copy", { fullPage: false });
  await page.setViewportSize(WIDE);
  await dialog.getByRole("radio", { name: /^Replace them/ }).check();
  await dialog.getByTestId("copy-scale-confirm").click();
  await expect(notice(page, "Manning scale has copied successfully")).toBeVisible();
  await expect.poll(() => scaleNames(page)).toEqual(["Master", "Cook"]);
});

test("a manning-scale offer changed with the arrows is saved, shown saved, and stays after a reload", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const {
    vesselId,
    rows: [masterRow],
  } = await api.vesselWithRows(`E2E OFFER ${tag()}`, ["Master"]);
  expect(
    (
      await api.call("patch", `/manning_scales/${masterRow}`, {
        data: { type: "manning_scales", id: masterRow, attributes: { template_offer: 1000 } },
      })
    ).status,
  ).toBe(200);
  await signIn(page, "admin@example.com");
  await page.goto(`/vessels/${vesselId}/manning_scales`);
  const offer = page.getByRole("textbox", { name: "Offer of Master" });
  await expect(offer).toHaveValue("$ 1 000");
  const row = page.getByTestId("scale-row").filter({ has: offer });
  const up = row.locator(".mantine-NumberInput-control").first();
  await up.click();
  await up.click();
  await expect(offer).toHaveValue("$ 1 100");
  await expect(row.getByTestId("offer-saved")).toBeVisible();
  await shoot(page, "manning-scale-offer-saved", { fullPage: false });
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Offer of Master" })).toHaveValue("$ 1 100");
});
