// The online top-up dialog: quick amounts, the minimum, an amount below 1
// becoming 1, the price preview and its returned error message, the confirm step with back, and the
// POST form to the gateway with the returned fields; 支付请求失败 when the call fails.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { TopupDialog } from "@/modules/wallet/components/topup-dialog";
import type { TopupInfo } from "@/modules/wallet/client/topup/api";
import { renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const info = (over: Partial<TopupInfo> = {}): TopupInfo => ({
  enable_online_topup: true,
  enable_redemption: true,
  min_topup: 1,
  pay_methods: [
    { type: "zfb", name: "支付宝" },
    { type: "wx", name: "微信" },
  ],
  amount_options: [1, 10, 50, 100, 500, 1000],
  topup_link: "",
  ...over,
});

type Handler = (body: Record<string, unknown>) => { status?: number; body: unknown } | Promise<never>;
let calls: { url: string; body: Record<string, unknown> }[] = [];

function mockApi(handlers: Record<string, Handler>) {
  calls = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ url, body });
    const reply = await handlers[url]!(body);
    const status = reply.status ?? 200;
    return { ok: status < 300, status, headers: { has: () => false }, json: async () => reply.body };
  }) as unknown as typeof fetch;
}

const priceOf = (amount: number) => ({
  body: { success: true, message: "success", data: { amount: amount * 7.3, unit_price: 7.3 } },
});
const quoteCalls = () => calls.filter((c) => c.url === "/api/user/amount").map((c) => c.body.amount);

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  (toast.error as jest.Mock).mockClear();
});

describe("TopupDialog", () => {
  it("picks 10, shows the price, confirms, goes back and forth, pays with a POST form", async () => {
    mockApi({
      "/api/user/amount": (b) => priceOf(Number(b.amount)),
      "/api/user/pay": () => ({
        body: {
          success: true,
          message: "success",
          url: "https://pay.example/submit.php",
          data: { pid: "1001", out_trade_no: "USR1NOabcdef1700000000", money: "73.00", sign: "x", sign_type: "MD5" },
        },
      }),
    });
    renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info()} />);
    fireEvent.click(screen.getByTestId("topup-preset-10"));
    expect(screen.getByTestId("topup-amount")).toHaveValue(10);
    await waitFor(() => expect(screen.getByTestId("topup-price-amount")).toHaveTextContent("¥73.00"));
    expect(screen.getByTestId("topup-price")).toHaveTextContent("单价 ¥7.30 / 美元");
    fireEvent.click(screen.getByText("微信支付"));
    fireEvent.click(screen.getByTestId("topup-next"));

    expect(screen.getByTestId("topup-dialog")).toHaveAttribute("data-step", "confirm");
    expect(screen.getByText("确认支付", { selector: "h2" })).toBeInTheDocument();
    expect(screen.getByTestId("topup-confirm-amount")).toHaveTextContent("$10");
    expect(screen.getByTestId("topup-confirm-quota")).toHaveTextContent("$10.00");
    expect(screen.getByTestId("topup-confirm-method")).toHaveTextContent("微信支付");
    expect(screen.getByTestId("topup-confirm-price")).toHaveTextContent("¥73.00");
    fireEvent.click(screen.getByTestId("topup-back"));
    expect(screen.getByTestId("topup-dialog")).toHaveAttribute("data-step", "amount");
    expect(screen.getByTestId("topup-amount")).toHaveValue(10);
    fireEvent.click(screen.getByTestId("topup-next"));
    fireEvent.click(screen.getByTestId("topup-pay"));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls.find((c) => c.url === "/api/user/pay")?.body).toEqual({
      amount: 10,
      payment_method: "wx",
      top_up_code: "",
    });
    const form = submitted[0]!;
    expect(form.method).toBe("post");
    expect(form.action).toBe("https://pay.example/submit.php");
    const fields = Object.fromEntries([...form.querySelectorAll("input")].map((i) => [i.name, i.value]));
    expect(fields).toEqual({
      pid: "1001",
      out_trade_no: "USR1NOabcdef1700000000",
      money: "73.00",
      sign: "x",
      sign_type: "MD5",
    });
    expect(form.querySelectorAll('input[type="hidden"]')).toHaveLength(5);
    expect(screen.getByTestId("topup-pay")).toHaveTextContent("正在跳转到支付页面…");
  });

  it("the minimum: presets below it are disabled, a typed lower amount is refused without a price call", async () => {
    mockApi({ "/api/user/amount": (b) => priceOf(Number(b.amount)) });
    renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info({ min_topup: 50 })} />);
    expect(screen.getByTestId("topup-amount")).toHaveValue(50); // the first quick amount that fits
    expect(screen.getByTestId("topup-preset-10")).toBeDisabled();
    fireEvent.change(screen.getByTestId("topup-amount"), { target: { value: "20" } });
    expect(screen.getByRole("alert")).toHaveTextContent("充值数量不能小于 50");
    expect(screen.getByTestId("topup-next")).toBeDisabled();
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(quoteCalls()).not.toContain(20);
  });

  it("an amount below 1 becomes 1; an empty or fractional amount is invalid", () => {
    mockApi({ "/api/user/amount": (b) => priceOf(Number(b.amount)) });
    renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info()} />);
    const input = screen.getByTestId("topup-amount");
    fireEvent.change(input, { target: { value: "0" } });
    expect(input).toHaveValue(1);
    fireEvent.change(input, { target: { value: "-5" } });
    expect(input).toHaveValue(1);
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.getByRole("alert")).toHaveTextContent("请输入有效的充值数量");
    fireEvent.change(input, { target: { value: "2.5" } });
    expect(screen.getByRole("alert")).toHaveTextContent("请输入有效的充值数量");
    expect(screen.getByTestId("topup-next")).toBeDisabled();
  });

  it("a price error shows the returned message; a network failure shows 请求失败", async () => {
    mockApi({ "/api/user/amount": () => ({ status: 400, body: { success: false, message: "充值数量不能小于 20" } }) });
    const { unmount } = renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info()} />);
    await waitFor(() => expect(screen.getByTestId("topup-price-error")).toHaveTextContent("充值数量不能小于 20"));
    expect(screen.getByTestId("topup-next")).toBeDisabled();
    unmount();
    mockApi({ "/api/user/amount": () => Promise.reject(new TypeError("offline")) });
    renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info()} />);
    await waitFor(() => expect(screen.getByTestId("topup-price-error")).toHaveTextContent("请求失败"));
  });

  it("pay failures: the server's message, else 支付请求失败; nothing is submitted", async () => {
    let payReply: Handler = () => ({ status: 400, body: { success: false, message: "管理员未开启在线充值！" } });
    mockApi({ "/api/user/amount": (b) => priceOf(Number(b.amount)), "/api/user/pay": (b) => payReply(b) });
    renderAuth(<TopupDialog open onOpenChange={() => undefined} info={info()} />);
    await waitFor(() => expect(screen.getByTestId("topup-next")).toBeEnabled());
    fireEvent.click(screen.getByTestId("topup-next"));
    fireEvent.click(screen.getByTestId("topup-pay"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("管理员未开启在线充值！"));
    payReply = () => Promise.reject(new TypeError("offline"));
    fireEvent.click(screen.getByTestId("topup-pay"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("支付请求失败"));
    expect(submitted).toHaveLength(0);
  });
});
