import { act, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { persistLocale } from "@/components/layout/language-menu";
import { NewYearEgg } from "@/components/layout/new-year-egg";
import { catalogues } from "@/messages";

jest.mock("next/navigation", () => ({
  usePathname: () => "/",
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }),
}));

describe("persistLocale", () => {
  it("writes the locale cookie the server reads and the language key", () => {
    persistLocale("en");
    expect(document.cookie).toContain("NEXT_LOCALE=en");
    expect(localStorage.getItem("language")).toBe("en");
    persistLocale("zh");
    expect(document.cookie).toContain("NEXT_LOCALE=zh");
  });
});

describe("NewYearEgg", () => {
  const renderEgg = () =>
    render(
      <NextIntlClientProvider locale="en" messages={catalogues.en}>
        <NewYearEgg />
      </NextIntlClientProvider>,
    );

  beforeEach(() => {
    sessionStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it("celebrates for 3 s on January 1st, once per session", () => {
    jest.setSystemTime(new Date(2027, 0, 1, 9, 0));
    const first = renderEgg();
    act(() => jest.advanceTimersByTime(10));
    expect(screen.getByTestId("new-year-egg")).toHaveTextContent("Happy New Year!");
    act(() => jest.advanceTimersByTime(3_000));
    expect(screen.queryByTestId("new-year-egg")).not.toBeInTheDocument();
    first.unmount(); // also cancels the pending reload

    renderEgg();
    act(() => jest.advanceTimersByTime(10));
    expect(screen.queryByTestId("new-year-egg")).not.toBeInTheDocument();
  });

  it("stays away on other days", () => {
    jest.setSystemTime(new Date(2027, 0, 2, 9, 0));
    renderEgg();
    act(() => jest.advanceTimersByTime(10));
    expect(screen.queryByTestId("new-year-egg")).not.toBeInTheDocument();
    expect(sessionStorage.getItem("new_year_egg_shown")).toBeNull();
  });
});
