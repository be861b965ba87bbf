// Chat links: Chats entry by index, {key} and {address} substitution, the
// legacy ChatLink form of /chat2link, and refusal of anything that is not a web page.
import { withSkPrefix } from "@/lib/token-key";
import {
  chatServerAddress,
  chatTemplate,
  fillChatTemplate,
  hasChat2LinkTemplate,
  hasChatTemplate,
  parseChatIndex,
  resolveChat2Link,
  resolveChatLink,
} from "@/modules/playground/chat/chat-link";

const chats = [
  { "ChatGPT Next Web": 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  { Lobe: "https://chat.example.com/?key={key}&base={address}/v1" },
  { Evil: "javascript:alert('{key}')" },
  "not an object",
  { Empty: "" },
];

describe("parseChatIndex", () => {
  test("/chat is the first entry, /chat/{n} entry n, anything else nothing", () => {
    expect(parseChatIndex(undefined)).toBe(0);
    expect(parseChatIndex([])).toBe(0);
    expect(parseChatIndex(["3"])).toBe(3);
    expect(parseChatIndex(["-1"])).toBeNull();
    expect(parseChatIndex(["1e2"])).toBeNull();
    expect(parseChatIndex(["x"])).toBeNull();
    expect(parseChatIndex(["1", "2"])).toBeNull();
  });
});

describe("chat templates", () => {
  test("an entry's link is the value of its first key", () => {
    expect(chatTemplate(chats, 1)).toBe("https://chat.example.com/?key={key}&base={address}/v1");
    expect(chatTemplate(chats, 3)).toBeNull();
    expect(chatTemplate(chats, 4)).toBeNull();
    expect(chatTemplate(chats, 9)).toBeNull();
    expect(chatTemplate({ a: 1 }, 0)).toBeNull();
    expect(hasChatTemplate(chats, null)).toBe(false);
  });

  test("{key} becomes the sk- key and {address} the encoded server address, everywhere", () => {
    expect(fillChatTemplate("{key}|{key}|{address}", "abc", "https://gw.example.com:8443")).toBe(
      "sk-abc|sk-abc|https%3A%2F%2Fgw.example.com%3A8443",
    );
    expect(withSkPrefix("sk-abc")).toBe("sk-abc");
  });
});

describe("resolveChatLink", () => {
  test("a configured entry gives the filled link", () => {
    expect(resolveChatLink(chats, 1, "sk-k1", "http://127.0.0.1:3000")).toEqual({
      ok: true,
      url: "https://chat.example.com/?key=sk-k1&base=http%3A%2F%2F127.0.0.1%3A3000/v1",
    });
    const next = resolveChatLink(chats, 0, "k2", "http://h");
    expect(next.ok && next.url).toBe('https://app.nextchat.dev/#/?settings={"key":"sk-k2","url":"http%3A%2F%2Fh"}');
  });

  test("a missing, empty or non-web entry is a configuration error", () => {
    for (const index of [2, 3, 4, 7, null])
      expect(resolveChatLink(chats, index, "k", "http://h")).toEqual({ ok: false });
    expect(resolveChatLink("[]", 0, "k", "http://h")).toEqual({ ok: false });
    expect(resolveChatLink([{ Rel: "/relative/{key}" }], 0, "k", "http://h")).toEqual({ ok: false });
  });
});

describe("resolveChat2Link", () => {
  test("the ChatLink option in new-api's NextChat form", () => {
    expect(resolveChat2Link("https://next.example.com/", [], "k", "http://gw")).toEqual({
      ok: true,
      url: 'https://next.example.com/#/?settings={"key":"sk-k","url":"http%3A%2F%2Fgw"}',
    });
  });

  test("without ChatLink, the first Chats entry; with neither, a configuration error", () => {
    expect(resolveChat2Link("", chats, "k", "http://h")).toEqual(resolveChatLink(chats, 0, "k", "http://h"));
    expect(hasChat2LinkTemplate("", [])).toBe(false);
    expect(hasChat2LinkTemplate("https://x", [])).toBe(true);
    expect(resolveChat2Link("javascript:alert(1)//", [], "k", "http://h")).toEqual({ ok: false });
  });
});

describe("chatServerAddress", () => {
  test("the configured address, else the page origin; the untouched default counts as unset", () => {
    expect(chatServerAddress("https://api.example.com/", "http://x")).toBe("https://api.example.com");
    expect(chatServerAddress("", "http://gw:3400")).toBe("http://gw:3400");
    expect(chatServerAddress("http://localhost:3000", "https://gw.example.com")).toBe("https://gw.example.com");
  });
});
