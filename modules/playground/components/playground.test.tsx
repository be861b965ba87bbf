// Playground pieces in jsdom: the message box (Enter sends, Shift+Enter and IME composition do not,
// Stop while streaming), reply states as shown, the settings panel's number rules and its stream
// reconnect switch.
import { fireEvent, screen } from "@testing-library/react";
import { ChatInput } from "@/modules/playground/components/chat-input";
import { MessageList } from "@/modules/playground/components/message-list";
import { SettingsPanel } from "@/modules/playground/components/settings-panel";
import { DEFAULT_SETTINGS, newMessage } from "@/modules/playground/chat/chat-state";
import { renderAuth, zh } from "@/test-support/components/render-auth";

describe("ChatInput", () => {
  test("Enter sends the text; Shift+Enter and Enter during IME composition do not", async () => {
    const onSend = jest.fn().mockResolvedValue(true);
    renderAuth(<ChatInput streaming={false} onSend={onSend} onStop={jest.fn()} />);
    const box = screen.getByTestId("pg-input");
    fireEvent.change(box, { target: { value: "hello" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("hello");
    expect((box as HTMLTextAreaElement).value).toBe("");
  });

  test("blank text is not sent; a refused send gives the text back", async () => {
    const onSend = jest.fn().mockResolvedValue(false);
    renderAuth(<ChatInput streaming={false} onSend={onSend} onStop={jest.fn()} />);
    const box = screen.getByTestId("pg-input") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "   " } });
    expect(screen.getByTestId("pg-send")).toBeDisabled();
    fireEvent.change(box, { target: { value: "again" } });
    fireEvent.click(screen.getByTestId("pg-send"));
    expect(onSend).toHaveBeenCalledWith("again");
    await screen.findByDisplayValue("again");
  });

  test("while a reply streams, Stop replaces Send", () => {
    const onStop = jest.fn();
    renderAuth(<ChatInput streaming onSend={jest.fn()} onStop={onStop} />);
    expect(screen.queryByTestId("pg-send")).toBeNull();
    fireEvent.click(screen.getByTestId("pg-stop"));
    expect(onStop).toHaveBeenCalled();
  });
});

describe("MessageList", () => {
  test("each reply shows its state; user text stays text", () => {
    const loading = newMessage("assistant", "", "loading");
    const messages = [
      newMessage("user", "<b>not bold</b>", "complete"),
      newMessage("assistant", "**done**", "complete"),
      newMessage("assistant", "half", "incomplete"),
      newMessage("assistant", "partial\n\nboom (502)", "error"),
      loading,
    ];
    renderAuth(<MessageList messages={messages} streamingId={loading.id} onCopy={jest.fn()} />);
    const items = screen.getAllByTestId("pg-message");
    expect(items.map((i) => i.getAttribute("data-status"))).toEqual([
      "complete",
      "complete",
      "incomplete",
      "error",
      "loading",
    ]);
    expect(items[0]!.textContent).toContain("<b>not bold</b>");
    expect(items[1]!.querySelector("strong")?.textContent).toBe("done");
    expect(items[2]!.textContent).toContain(zh.playground.status_interrupted);
    expect(items[3]!.textContent).toContain(zh.playground.status_error);
    expect(items[3]!.textContent).toContain("boom (502)");
    expect(screen.getByRole("status", { name: zh.playground.status_loading })).toBeInTheDocument();
  });

  test("an empty conversation says so", () => {
    renderAuth(<MessageList messages={[]} streamingId={null} onCopy={jest.fn()} />);
    expect(screen.getByTestId("pg-empty")).toHaveTextContent(zh.playground.empty);
  });
});

describe("SettingsPanel", () => {
  test("temperature snaps to 0.1 steps and max tokens is an integer", () => {
    const onChange = jest.fn();
    renderAuth(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        onChange={onChange}
        groups={{ default: { desc: "默认", ratio: 1 } }}
        groupsLoading={false}
        models={["m1"]}
        modelsLoading={false}
        model="m1"
      />,
    );
    expect(screen.getByTestId("pg-system")).toHaveValue("You are a helpful assistant.");
    fireEvent.change(screen.getByTestId("pg-temperature"), { target: { value: "0.7000000001" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS, temperature: 0.7 });
    fireEvent.change(screen.getByTestId("pg-max-tokens"), { target: { value: "128" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS, max_tokens: 128 });
    expect(screen.getByTestId("pg-model")).toHaveTextContent("m1");
  });

  test("stream reconnect is a switch, off by default, that says it waits 3000 ms", () => {
    const onChange = jest.fn();
    renderAuth(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        onChange={onChange}
        groups={{}}
        groupsLoading={false}
        models={["m1"]}
        modelsLoading={false}
        model="m1"
      />,
    );
    expect(screen.getByText("流式断线重连")).toBeInTheDocument();
    expect(screen.getByText(/等待 3000 毫秒后重连并续写回复/)).toBeInTheDocument();
    const toggle = screen.getByTestId("pg-reconnect");
    expect(toggle).toHaveAttribute("aria-checked", "false");
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS, streamReconnect: true });
  });
});
