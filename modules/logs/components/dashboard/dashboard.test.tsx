// /app/dashboard client states: off when data export is off (no call), the self view's default
// 24-hour range, summary numbers from the rows, the empty and the error state.
import { screen, waitFor } from "@testing-library/react";
import { DashboardClient } from "@/modules/logs/components/dashboard/dashboard-client";
import { fakeStatus, mockFetch, renderAuth, zh } from "@/test-support/components/render-auth";

const HOUR = 3600;
const hourNow = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
const ok = (data: unknown) => ({ body: { success: true, message: "", data } });
// jsdom lays nothing out, so recharts warns that its box is 0×0; the charts are checked in the browser (e2e 77).
beforeEach(() => {
  const warn = console.warn;
  jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("of chart should be greater than 0")) warn(...args);
  });
});

const enabled = fakeStatus({ enable_data_export: true, data_export_default_time: "hour" });

test("data export off: the page says so and asks nothing", () => {
  const fetch = mockFetch(ok([]));
  renderAuth(<DashboardClient />, fakeStatus({ enable_data_export: false }));
  expect(screen.getByTestId("dashboard-disabled")).toHaveTextContent(zh.dashboard.disabled_title);
  expect(fetch).not.toHaveBeenCalled();
});

test("a user's own data over the last 24 hours, summed into the cards", async () => {
  const fetch = mockFetch(
    ok([
      { model_name: "gpt-4o", created_at: hourNow - HOUR, count: 3, quota: 250_000, token_used: 1200 },
      { model_name: "claude-3", created_at: hourNow, count: 2, quota: 250_000, token_used: 800 },
    ]),
  );
  renderAuth(<DashboardClient />, enabled);
  await waitFor(() => expect(screen.getByTestId("dashboard-total-requests")).toHaveTextContent("5"));
  expect(screen.getByTestId("dashboard-total-quota")).toHaveTextContent("$1.00");
  expect(screen.getByTestId("dashboard-total-tokens")).toHaveTextContent("2,000");
  expect(screen.getByTestId("dashboard-charts")).toBeInTheDocument();
  const url = new URL(String(fetch.mock.calls[0]![0]), "http://localhost");
  expect(url.pathname).toBe("/api/data/self");
  const start = Number(url.searchParams.get("start_timestamp"));
  const end = Number(url.searchParams.get("end_timestamp"));
  expect(start).toBe(hourNow - 23 * HOUR);
  expect(end - start).toBeLessThanOrEqual(24 * HOUR);
  expect(url.searchParams.has("username")).toBe(false);
  // no admin views for a user
  expect(screen.queryByTestId("dashboard-view-all")).toBeNull();
  expect(screen.queryByTestId("dashboard-filter-username")).toBeNull();
});

test("no rows: the empty state", async () => {
  mockFetch(ok([]));
  renderAuth(<DashboardClient />, enabled);
  expect(await screen.findByTestId("dashboard-empty")).toHaveTextContent(zh.dashboard.empty);
  expect(screen.getByTestId("dashboard-total-requests")).toHaveTextContent("0");
});

test("a refused range: the server's message in the error state", async () => {
  mockFetch({ status: 400, body: { success: false, message: "时间跨度不能超过 1 个月" } });
  renderAuth(<DashboardClient />, enabled);
  expect(await screen.findByTestId("dashboard-error")).toHaveTextContent("时间跨度不能超过 1 个月");
});
