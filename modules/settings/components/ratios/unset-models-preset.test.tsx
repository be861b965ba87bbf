// "Fill from public defaults" in the unset-models tab (issue 22 A1): the preset
// files fetched through our server fill the selection (预设倍率获取成功, the source named); when the
// fetch fails the bundled table fills instead and the admin is told (获取预设倍率失败，请重试); when
// neither has the model, 填入官网倍率失败，请稍后重试 and the draft is untouched.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { UnsetModels } from "@/modules/settings/components/ratios/unset-models";
import type { PricingMaps } from "@/modules/pricing/client";
import { renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({
  toast: Object.assign(jest.fn(), { success: jest.fn(), error: jest.fn(), info: jest.fn() }),
}));

const EMPTY: PricingMaps = { ModelRatio: {}, CompletionRatio: {}, ModelPrice: {} };
let preset: { status: number; body: unknown };
const urls: string[] = [];

function mockServer(enabled: string[]) {
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const reply = url.includes("/api/channel/models_enabled")
      ? { status: 200, body: { success: true, message: "", data: enabled } }
      : preset;
    return {
      ok: reply.status < 300,
      status: reply.status,
      headers: { has: () => false },
      json: async () => reply.body,
    };
  }) as unknown as typeof fetch;
}

beforeEach(() => {
  urls.length = 0;
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.error).mockClear();
});

async function renderAndFill(enabled: string[]) {
  mockServer(enabled);
  const onChange = jest.fn();
  renderAuth(<UnsetModels maps={EMPTY} onChange={onChange} />);
  await screen.findByText(enabled[0]!);
  await act(async () => fireEvent.click(screen.getByTestId("unset-fill")));
  return onChange;
}

test("the flexible preset fills the models and names its source", async () => {
  preset = {
    status: 200,
    body: {
      success: true,
      message: "",
      data: { source: "flexible", model_ratio: { "m-a": 2 }, completion_ratio: { "m-a": 3 } },
    },
  };
  const onChange = await renderAndFill(["m-a", "m-b"]);
  await waitFor(() => expect(onChange).toHaveBeenCalled());
  expect(onChange.mock.calls[0]![0]).toMatchObject({ ModelRatio: { "m-a": 2 }, CompletionRatio: { "m-a": 3 } });
  expect(urls.some((u) => u.includes("/api/option/preset_ratios") && u.includes("source=flexible"))).toBe(true);
  expect(toast.success).toHaveBeenCalledWith("预设倍率获取成功", {
    description: "已从预设源「通用（默认，推荐）」填入 1 个模型的倍率，保存后生效",
  });
  expect(screen.getByTestId("unset-fill-source")).toHaveTextContent("倍率来源：官网预设「通用（默认，推荐）」");
});

test("offline, the bundled table fills instead and the admin is told", async () => {
  preset = { status: 200, body: { success: false, message: "获取预设倍率失败，请重试", data: null } };
  const onChange = await renderAndFill(["gpt-4o"]);
  await waitFor(() => expect(onChange).toHaveBeenCalled());
  expect(onChange.mock.calls[0]![0].ModelRatio).toEqual({ "gpt-4o": 1.25 });
  expect(toast.error).toHaveBeenCalledWith("获取预设倍率失败，请重试", {
    description: "已改用内置倍率表填入 1 个模型的倍率，保存后生效",
  });
  expect(screen.getByTestId("unset-fill-source")).toHaveTextContent("倍率来源：内置倍率表（获取官网预设失败）");
});

test("offline and not in the bundled table: 填入官网倍率失败，请稍后重试, draft untouched", async () => {
  preset = { status: 200, body: { success: false, message: "获取预设倍率失败，请重试", data: null } };
  const onChange = await renderAndFill(["nowhere-model"]);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith("填入官网倍率失败，请稍后重试"));
  expect(toast.error).toHaveBeenCalledWith("获取预设倍率失败，请重试");
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.queryByTestId("unset-fill-source")).toBeNull();
});

test("a preset without the models says so and changes nothing", async () => {
  preset = {
    status: 200,
    body: { success: true, message: "", data: { source: "flexible", model_ratio: { other: 1 }, completion_ratio: {} } },
  };
  const onChange = await renderAndFill(["m-a"]);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith("所选模型没有可填入的官网倍率"));
  expect(onChange).not.toHaveBeenCalled();
});
