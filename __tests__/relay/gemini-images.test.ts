// Image URLs in OpenAI requests to a Gemini channel (Gemini takes images inline only): a public
// image is fetched through the SSRF guard and sent as inlineData; private addresses and non-images
// are refused with a clear 400 and nothing reaches the upstream. The gateway runs with the
// test-only NOTIFY_ALLOW_LOOPBACK_FOR_TESTS so the loopback image server counts as public.
import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockGemini, type MockGemini } from "./mock-gemini";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let gw: Gateway;
let gem: MockGemini;
let images: http.Server;
let imageBase: string;
let token: { id: number; key: string };
let imageHits = 0;

beforeAll(async () => {
  images = http.createServer((req, res) => {
    if (req.url?.startsWith("/cat.png")) {
      imageHits++;
      res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
      res.end(PNG);
    } else if (req.url?.startsWith("/big.png")) {
      // 9 MB each (under the 10 MB per image), sent without a length: only counting bytes can stop it.
      imageHits++;
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.alloc(9 * 1024 * 1024, 1));
    } else {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>not an image</html>");
    }
  });
  await new Promise<void>((r) => images.listen(0, "127.0.0.1", r));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  gem = await startMockGemini();
  gw = await startGateway({ env: { NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: "true" } });
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "gemini-2.5-flash": 1 }) });
  await gw.createChannel({ name: "gemini", type: 24, key: "g-key", base_url: gem.url, models: "gemini-2.5-flash" });
  token = await gw.createToken();
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await gem?.close();
  await new Promise((r) => images?.close(r));
});

const ask = (url: string | string[], headers: Record<string, string> = {}) =>
  new OpenAI({
    apiKey: token.key,
    baseURL: `${gw.url}/v1`,
    maxRetries: 0,
    defaultHeaders: headers,
  }).chat.completions.create({
    model: "gemini-2.5-flash",
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "what is this?" },
          ...(Array.isArray(url) ? url : [url]).map((u) => ({ type: "image_url" as const, image_url: { url: u } })),
        ],
      },
    ],
  });

test("a public image URL is fetched and sent to Gemini as inlineData", async () => {
  const r = await ask(`${imageBase}/cat.png`);
  expect(r.choices[0]!.message.content).toContain("Hello from Gemini.");
  const contents = gem.requests.at(-1)!.body.contents as { parts: Record<string, unknown>[] }[];
  expect(contents[0]!.parts).toEqual([
    { text: "what is this?" },
    { inlineData: { mimeType: "image/png", data: PNG.toString("base64") } },
  ]);
});

test.each([
  ["a private address", "https://10.1.2.3/cat.png", "not allowed"],
  ["a non-image answer", "/page.html", "answered 200 text/html"],
])("%s is refused with a 400 and nothing reaches the upstream", async (_what, url, why) => {
  const before = gem.requests.length;
  const err = await ask(url.startsWith("/") ? `${imageBase}${url}` : url).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OpenAI.BadRequestError);
  const e = err as InstanceType<typeof OpenAI.BadRequestError>;
  expect(e.code).toBe("image_url_fetch_failed");
  expect(e.message).toContain(why);
  expect(gem.requests.length).toBe(before);
});

describe("issue 17 item 9: inline image fetches are bounded per request", () => {
  test("more than 20 MB in total is refused with a 400 before it reaches the upstream", async () => {
    const before = gem.requests.length;
    const urls = [1, 2, 3].map((i) => `${imageBase}/big.png?i=${i}`);
    const err = await ask(urls, { "accept-language": "en" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    const e = err as InstanceType<typeof OpenAI.BadRequestError>;
    expect(e.code).toBe("image_urls_too_large");
    expect(e.message).toContain("more than 20 MB");
    expect(gem.requests.length).toBe(before);
  });

  test("more than 16 image URLs are refused (zh) without fetching any", async () => {
    const hits = imageHits;
    const urls = Array.from({ length: 17 }, (_, i) => `${imageBase}/cat.png?i=${i}`);
    const err = await ask(urls, { "accept-language": "zh-CN" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    const e = err as InstanceType<typeof OpenAI.BadRequestError>;
    expect(e.code).toBe("too_many_image_urls");
    expect(e.message).toContain("每个请求最多下载 16 个图片 URL");
    expect(imageHits).toBe(hits);
  });
});
