// The update check of the about page and root's settings (issue 22 A2): the result
// of GET /api/status/update in place, 检查更新失败，请稍后再试 on any failure (success:false from our server,
// or no network at all), no global error toast, and no request before the button in settings.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { UpdateCheck } from "@/modules/settings/components/update-check";
import { globalErrors, mockFetch, renderAuth } from "@/test-support/components/render-auth";

const info = (has_update: boolean) => ({
  success: true,
  message: "",
  data: {
    current_version: "0.1.0",
    latest_version: has_update ? "v0.2.0" : "v0.1.0",
    has_update,
    release_url: "https://github.com/x/y/releases/tag/v0.2.0",
    notes: "- faster",
    published_at: "",
  },
});

beforeEach(() => {
  globalErrors.length = 0;
});

test("the about page shows a newer release with its page and notes", async () => {
  const fetch = mockFetch({ body: info(true) });
  renderAuth(<UpdateCheck auto />);
  expect(await screen.findByTestId("update-check-result")).toHaveTextContent("发现新版本 v0.2.0（当前版本 0.1.0）");
  expect(screen.getByTestId("update-check-link")).toHaveAttribute("href", "https://github.com/x/y/releases/tag/v0.2.0");
  expect(screen.getByText("- faster")).toBeInTheDocument();
  expect(fetch.mock.calls[0]?.[0]).toContain("/api/status/update");
});

test("the same version says it is the latest", async () => {
  mockFetch({ body: info(false) });
  renderAuth(<UpdateCheck auto />);
  expect(await screen.findByTestId("update-check-result")).toHaveTextContent("已是最新版本：v0.1.0");
  expect(screen.queryByTestId("update-check-link")).toBeNull();
});

test("a server failure shows 检查更新失败，请稍后再试 in place, without a global toast", async () => {
  mockFetch({ status: 200, body: { success: false, message: "检查更新失败，请稍后再试", data: null } });
  renderAuth(<UpdateCheck auto />);
  expect(await screen.findByTestId("update-check-error")).toHaveTextContent("检查更新失败，请稍后再试");
  expect(globalErrors).toEqual([]);
});

test("offline (fetch rejects) fails the same way", async () => {
  global.fetch = jest.fn(async () => {
    throw new TypeError("Failed to fetch");
  }) as unknown as typeof fetch;
  renderAuth(<UpdateCheck auto />);
  expect(await screen.findByTestId("update-check-error")).toHaveTextContent("检查更新失败，请稍后再试");
});

test("in settings nothing is fetched until root presses 检查更新", async () => {
  const fetch = mockFetch({ body: info(true) });
  renderAuth(<UpdateCheck auto={false} />);
  const button = screen.getByTestId("update-check-button");
  expect(button).toHaveTextContent("检查更新");
  expect(fetch).not.toHaveBeenCalled();
  await act(async () => fireEvent.click(button));
  await waitFor(() => expect(screen.getByTestId("update-check-result")).toHaveTextContent("发现新版本 v0.2.0"));
  expect(fetch).toHaveBeenCalledTimes(1);
});
