import { expect, test } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** Five letters (applicants' names take letters only). */
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

test("a crew change's checklist is shown before it is made, made once, and a visa task needs its file to be done", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow, abRow],
  } = await api.vesselWithRows(`E2E CHECK ${tag}`, ["Master", "Cook"]);
  // The vessel belongs to a demo owner, whose checklist the demo seeded (six lines).
  const owners = await api.call("get", "/owners?page[size]=1&sort=title");
  const ownerId = (owners.body.data as { id: string }[])[0]?.id ?? "";
  const linked = await api.call("patch", `/vessels/${vesselId}/relationships/owner`, {
    data: { type: "owners", id: ownerId },
  });
  expect(linked.status, JSON.stringify(linked.body)).toBeLessThan(300);
  const [master, ab] = [
    await api.applicant(`Master${tag}`, "Oleh"),
    await api.applicant(`Sailor${tag}`, "Ivan"),
  ];
  const onMaster = await api.plan(masterRow ?? "", dayFromToday(30), dayFromToday(150), master);
  const onAb = await api.plan(abRow ?? "", dayFromToday(30), dayFromToday(150), ab);
  const ports = await api.call("get", "/ports?page[size]=1");
  const portId = (ports.body.data as { id: string }[])[0]?.id ?? "";
  const cc = await api.call("post", "/crew_changes", {
    data: {
      type: "crew_changes",
      attributes: {
        date: dayFromToday(30),
        crewlists: [
          { sign_on_id: onMaster, sign_off_id: null },
          { sign_on_id: onAb, sign_off_id: null },
        ],
      },
      relationships: {
        vessel: { data: { type: "vessels", id: vesselId } },
        port: { data: { type: "ports", id: portId } },
      },
    },
  });
  expect(cc.status, JSON.stringify(cc.body)).toBe(201);
  const ccId = (cc.body.data as { id: string }).id;

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/crew-changes/${ccId}/details`);
  const panel = page.getByTestId("crew-change-checklist");
  await expect(panel.getByText("not made", { exact: false }).first()).toBeVisible();
  // Nothing is made until the user has seen the list and confirmed it.
  await panel.getByTestId("checklist-create").click();
  const confirmList = page.getByTestId("checklist-confirm-list");
  await expect(confirmList.getByRole("row")).toHaveCount(12);
  await expect(confirmList).toContainText(`Master${tag} Oleh`);
  await shoot(page, "checklist-confirm", { fullPage: false });
  await page.getByTestId("checklist-confirm").click();
  await expect(notice(page, "12 checklist tasks created")).toBeVisible();
  await expect(panel.getByTestId("checklist-progress")).toHaveText("0/12 done");
  await expect(panel.getByTestId("checklist-create")).toHaveCount(0);
  await shoot(page, "checklist-made");

  // The master's visa task: its type needs a file, so Done is refused until a comment brings one.
  const subs = await api.call("get", `/tasks?filter[item_type]=users&filter[item_id]=${master}&search=Visa`);
  const visa = (subs.body.data as { id: string; attributes: { description: string } }[]).find((t) =>
    t.attributes.description.startsWith("Visa"),
  );
  if (!visa) throw new Error("no visa task was made");
  await page.goto(`/task-manager?task_id=${visa.id}`);
  const conditions = page.getByTestId("task-conditions");
  await expect(conditions).toContainText("A file is attached");
  await expect(conditions.locator('[data-met="false"]')).toHaveCount(1);
  await page
    .getByRole("dialog")
    .locator("label")
    .filter({ hasText: /^Done$/ })
    .click();
  await expect(notice(page, "Check all conditions to finish task")).toBeVisible();
  await shoot(page, "task-conditions", { fullPage: false });
  await page.setViewportSize(PHONE);
  await page.goto(`/crew-changes/${ccId}/details`);
  await expect(page.getByTestId("checklist-progress")).toHaveText("0/12 done");
  await shoot(page, "checklist-made", { fullPage: false });
});
