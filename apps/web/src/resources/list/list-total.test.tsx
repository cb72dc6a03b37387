import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../lib/test-utils";
import { ListFooter, totalText } from "./ListFooter";
import { PageHeader } from "./PageHeader";

describe("list totals", () => {
  it("an exact total is shown as it is; an estimate rounded, and said to be one", () => {
    expect(totalText(1947, false)).toBe("1,947");
    expect(totalText(181_628, true)).toBe("181,600");
  });

  it("the footer and the header say 'about' for an estimated total", () => {
    renderWithProviders(
      <>
        <PageHeader title="Seafarers" count={181_628} estimated />
        <ListFooter
          page={2}
          perPage={15}
          total={181_628}
          estimated
          lastPage={12_109}
          onPage={vi.fn()}
          onPerPage={vi.fn()}
        />
      </>,
    );
    expect(screen.getByTestId("list-total").textContent).toContain("≈ 181,600");
    expect(screen.getByTestId("list-range").textContent).toContain("16–30 of about 181,600");
  });

  it("an exact total keeps its plain range", () => {
    renderWithProviders(
      <ListFooter page={1} perPage={15} total={40} lastPage={3} onPage={vi.fn()} onPerPage={vi.fn()} />,
    );
    expect(screen.getByTestId("list-range").textContent).toContain("1–15 of 40");
  });
});
