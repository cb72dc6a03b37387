import { vacancies } from "@crew/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TResourceRecord } from "../../resources/data/resource-types";
import { renderWithProviders } from "../../lib/test-utils";
import { vacancyChanges, type TVacancyBefore } from "./vacancy-changes";
import { VacancyForm } from "./VacancyForm";

const attributes = {
  title: "Master · NORDIC STAR",
  rank_title: "Master",
  vessel_name: "NORDIC STAR",
  start: "2026-12-28",
  contract_duration: 4,
  wage: 6150,
  description: "Bulk, 4 months",
  requirements: null,
  published: true,
  sources: ["site", "telegram"],
  valid_through: null,
};
const stored: TVacancyBefore = { id: "12", attributes, hasPlan: true };
const planned = (plan: NonNullable<TVacancyBefore["plan"]>): TVacancyBefore => ({ ...stored, plan });
const edit = (a: Record<string, unknown>) => ({ attributes: a, relationships: {} });

describe("the vacancy form's review: what a save will change", () => {
  it("a new wage: the field and the scheduler's plan's offer, nothing posted or taken down", () => {
    expect(vacancyChanges("update", stored, edit({ wage: 6400 }))).toEqual([
      "Wage: USD 6,150 → USD 6,400",
      "The scheduler's plan on NORDIC STAR, Master, from 28.12.2026: offer USD 6,150 → USD 6,400",
    ]);
  });

  it("another rank: named from the picker's options when known", () => {
    const rank = { attributes: {}, relationships: { rank: { type: "ranks", id: "3" } } };
    const names = { rank: "Master" };
    expect(
      vacancyChanges("update", stored, rank, names, (_n, id) => (id === "3" ? "Chief Officer" : undefined)),
    ).toEqual(["Rank: Master → Chief Officer"]);
    expect(vacancyChanges("update", stored, rank, names)).toEqual(["Rank: Master → another one"]);
  });

  it("unpublishing: the sources go, the plan is no longer published, off the channel, the page answers 410", () => {
    expect(vacancyChanges("update", stored, edit({ published: false }))).toEqual([
      "Published: yes → no",
      "Published to: Public vacancies page, Telegram channel → none",
      "The scheduler's plan on NORDIC STAR, Master, from 28.12.2026: no longer published (the globe and the offer go from the scheduler)",
      "Will be taken off the Telegram channel",
      "Public page /jobs/12 will answer 410 (no longer listed)",
    ]);
  });

  it("publishing again with no source puts it on the site; telegram added posts it", () => {
    const off = { ...stored, attributes: { ...attributes, published: false, sources: [] } };
    expect(vacancyChanges("update", off, edit({ published: true }))).toEqual([
      "Published: no → yes",
      "Published to: none → Public vacancies page",
      "The scheduler's plan on NORDIC STAR, Master, from 28.12.2026: published again (the globe and the offer show on the scheduler)",
      "Will be listed on the public vacancies page (/jobs)",
    ]);
    const siteOnly = { ...stored, attributes: { ...attributes, sources: ["site"] } };
    expect(vacancyChanges("update", siteOnly, edit({ sources: ["site", "telegram"] }))).toEqual([
      "Published to: Public vacancies page → Public vacancies page, Telegram channel",
      "Will be posted to the Telegram channel",
    ]);
  });

  it("the plan's own figures when read; a plan no longer a vacancy (filled) is not touched", () => {
    const plan = {
      status: "vacancy",
      start: "2027-01-05",
      offer: 6000,
      description: "Bulk, 4 months",
      toPublish: true,
    };
    expect(vacancyChanges("update", planned(plan), edit({ wage: 6400 }))[1]).toBe(
      "The scheduler's plan on NORDIC STAR, Master, from 05.01.2027: offer USD 6,000 → USD 6,400",
    );
    expect(vacancyChanges("update", planned({ ...plan, status: "approved" }), edit({ wage: 6400 }))).toEqual([
      "Wage: USD 6,150 → USD 6,400",
    ]);
    expect(vacancyChanges("update", { ...stored, hasPlan: false }, edit({ wage: 6400 }))).toEqual([
      "Wage: USD 6,150 → USD 6,400",
    ]);
  });

  it("a create names only what moves elsewhere: nothing when unpublished", () => {
    const none: TVacancyBefore = { attributes: {}, hasPlan: false };
    expect(vacancyChanges("create", none, edit({ wage: 5000, published: false }))).toEqual([]);
    expect(vacancyChanges("create", none, edit({ published: true, sources: ["telegram"] }))).toEqual([
      "Will be posted to the Telegram channel",
    ]);
  });

  it("the edit form shows the review on Save, sends nothing before Confirm, and Back keeps what was typed", async () => {
    const record: TResourceRecord = {
      type: "vacancies",
      id: "12",
      attributes,
      relationships: { time_plan: { data: { type: "time_plans", id: "40" } } },
    };
    const onSubmit = vi.fn(async () => ({ record }));
    const onSaved = vi.fn();
    renderWithProviders(
      <VacancyForm
        def={vacancies}
        mode="update"
        record={record}
        onSubmit={onSubmit}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    const wage = screen.getByRole("textbox", { name: /^Wage/ });
    fireEvent.change(wage, { target: { value: "6400" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText(
        "The scheduler's plan on NORDIC STAR, Master, from 28.12.2026: offer USD 6,150 → USD 6,400",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Wage: USD 6,150 → USD 6,400")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /^Wage/ }).value).toBe("6,400");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ attributes: { wage: 6400 }, relationships: {} });
  });
});
