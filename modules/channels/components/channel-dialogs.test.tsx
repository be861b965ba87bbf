// Channel dialogs: the model test dialog's failure texts.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { ModelTestDialog } from "@/modules/channels/components/model-test-dialog";
import type { ChannelItem } from "@/modules/channels/client/api";
import { mockFetch, renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));

function fakeChannel(overrides: Partial<ChannelItem> = {}): ChannelItem {
  return {
    id: 7,
    type: 1,
    name: "c7",
    key: "",
    openai_organization: "",
    test_model: "",
    status: 1,
    weight: 0,
    created_time: 0,
    test_time: 0,
    response_time: 0,
    base_url: "",
    other: "",
    balance: 0,
    balance_updated_time: 0,
    models: "gpt-4o-mini",
    group: "default",
    used_quota: 0,
    model_mapping: "",
    status_code_mapping: "",
    priority: 0,
    auto_ban: 1,
    other_info: "",
    tag: "",
    setting: "",
    param_override: "",
    header_override: "",
    system_prompt: "",
    model_prefix: "",
    max_input_tokens: 0,
    expired_time: 0,
    ...overrides,
  } as ChannelItem;
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
});

describe("model test dialog", () => {
  it("refuses an invalid channel with 当前测试渠道无效或缺少必需属性 and sends nothing", () => {
    const fetchMock = mockFetch();
    renderAuth(<ModelTestDialog channel={fakeChannel({ id: 0 })} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId("model-test-all"));
    expect(toast.error).toHaveBeenCalledWith("当前测试渠道无效或缺少必需属性");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stops with the same text when the channel is gone (404), without retrying", async () => {
    const fetchMock = mockFetch({ status: 404, body: { success: false, message: "渠道不存在" } });
    renderAuth(<ModelTestDialog channel={fakeChannel()} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId("model-test-all"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("当前测试渠道无效或缺少必需属性"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("model test dialog batch delay", () => {
  it("is clamped to 0–60000 ms and remembered for the next opening", () => {
    const { unmount } = renderAuth(<ModelTestDialog channel={fakeChannel()} onClose={() => {}} />);
    const input = screen.getByTestId("model-test-batch-delay");
    expect(input).toHaveValue(200);
    fireEvent.change(input, { target: { value: "1500" } });
    fireEvent.blur(input);
    expect(window.localStorage.getItem("channel_test_batch_delay")).toBe("1500");
    fireEvent.change(input, { target: { value: "-5" } });
    fireEvent.blur(input);
    expect(input).toHaveValue(0);
    fireEvent.change(input, { target: { value: "750" } });
    fireEvent.blur(input);
    unmount();
    renderAuth(<ModelTestDialog channel={fakeChannel()} onClose={() => {}} />);
    expect(screen.getByTestId("model-test-batch-delay")).toHaveValue(750);
  });

  it("waits the chosen delay between batches", async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = mockFetch({ body: { success: true, message: "", data: { time: 0.1 } } });
      renderAuth(<ModelTestDialog channel={fakeChannel({ models: "m1,m2" })} onClose={() => {}} />);
      fireEvent.change(screen.getByTestId("model-test-concurrency"), { target: { value: "1" } });
      fireEvent.change(screen.getByTestId("model-test-batch-delay"), { target: { value: "30000" } });
      fireEvent.click(screen.getByTestId("model-test-all"));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(29_000);
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_500);
      });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(toast.success).toHaveBeenCalled());
    } finally {
      jest.useRealTimers();
    }
  });
});
