// Issue 20: the OpenAI-compatible vendors reached through their own documented paths. Each row is the
// vendor's published endpoint (see docs/providers.md for the reference of each): the adapter built
// from the catalogue must send the client path there with the vendor's auth header.
import { channelTypeInfo, vendorPath } from "@/lib/channel-types";
import { typeSupported } from "@/lib/channel-rules";
import { adapterFor } from "@/relay/vendors";
import { cloudflareCredentials } from "@/relay/vendors/cloudflare/adapter";
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { RelayError } from "@/relay/kernel/errors";

function ctx(
  type: number,
  path: string,
  opts: { key?: string; other?: string; baseUrl?: string } = {},
): AdapterContext {
  const channel = {
    id: 1,
    type,
    baseUrl: opts.baseUrl ?? "",
    organization: "",
    other: opts.other ?? "",
    createdTime: 0,
  } as unknown as CachedChannel;
  const mode = path === "/v1/embeddings" ? "embeddings" : path === "/v1/rerank" ? "rerank" : "chat";
  return { channel, key: opts.key ?? "vendor-key", mode, path, upstreamModel: "m", stream: false };
}

function send(type: number, path: string, opts: Parameters<typeof ctx>[2] = {}) {
  const req = adapterFor(type)!.buildRequest(ctx(type, path, opts), {
    model: "m",
    messages: [{ role: "user", content: "x" }],
    input: "x",
  });
  return [req.url, req.headers.authorization];
}

const DOCUMENTED: [type: number, path: string, url: string][] = [
  [26, "/v1/chat/completions", "https://open.bigmodel.cn/api/paas/v4/chat/completions"],
  [26, "/v1/embeddings", "https://open.bigmodel.cn/api/paas/v4/embeddings"],
  [26, "/v1/images/generations", "https://open.bigmodel.cn/api/paas/v4/images/generations"],
  [46, "/v1/chat/completions", "https://qianfan.baidubce.com/v2/chat/completions"],
  [46, "/v1/embeddings", "https://qianfan.baidubce.com/v2/embeddings"],
  [46, "/v1/rerank", "https://qianfan.baidubce.com/v2/rerankers"],
  [26, "/v1/rerank", "https://open.bigmodel.cn/api/paas/v4/rerank"],
  [17, "/v1/rerank", "https://dashscope.aliyuncs.com/api/v1/services/rerank/text-rerank/text-rerank"],
  [45, "/v1/images/generations", "https://ark.cn-beijing.volces.com/api/v3/images/generations"],
  [17, "/v1/chat/completions", "https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions"],
  [17, "/v1/embeddings", "https://dashscope.aliyuncs.com/compatible-mode/v1/embeddings"],
  [45, "/v1/chat/completions", "https://ark.cn-beijing.volces.com/api/v3/chat/completions"],
  [45, "/v1/embeddings", "https://ark.cn-beijing.volces.com/api/v3/embeddings"],
  [23, "/v1/chat/completions", "https://api.hunyuan.cloud.tencent.com/v1/chat/completions"],
  [25, "/v1/chat/completions", "https://api.moonshot.cn/v1/chat/completions"],
  [35, "/v1/chat/completions", "https://api.minimaxi.com/v1/chat/completions"],
  [4, "/v1/chat/completions", "http://localhost:11434/v1/chat/completions"],
  [34, "/v1/chat/completions", "https://api.cohere.com/v2/chat"],
  [34, "/v1/embeddings", "https://api.cohere.com/v2/embed"],
  [34, "/v1/rerank", "https://api.cohere.com/v2/rerank"],
];

test.each(DOCUMENTED)("type %i: %s goes to %s with the Bearer key", (type, path, url) => {
  expect(typeSupported(type)).toBe(true);
  expect(send(type, path)).toEqual([url, "Bearer vendor-key"]);
});

test("a channel's own base URL replaces the host only; the vendor path stays", () => {
  expect(send(26, "/v1/chat/completions", { baseUrl: "https://glm.proxy.example/" })[0]).toBe(
    "https://glm.proxy.example/api/paas/v4/chat/completions",
  );
  // A path prefix matches whole segments only.
  expect(vendorPath(channelTypeInfo(26), "/v1beta/models")).toBe("/v1beta/models");
  expect(vendorPath(channelTypeInfo(27), "/v1/chat/completions")).toBe("/chat/completions");
  expect(vendorPath(channelTypeInfo(1), "/v1/chat/completions")).toBe("/v1/chat/completions");
});

test("Cloudflare Workers AI: account from `other` or from the key, token as Bearer", () => {
  expect(send(39, "/v1/chat/completions", { other: "acc123", key: "cf-token" })).toEqual([
    "https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions",
    "Bearer cf-token",
  ]);
  expect(send(39, "/v1/embeddings", { key: "acc9|cf-token" })).toEqual([
    "https://api.cloudflare.com/client/v4/accounts/acc9/ai/v1/embeddings",
    "Bearer cf-token",
  ]);
  expect(cloudflareCredentials(" a | t ", "ignored")).toEqual(["a", "t"]);
  // No account ID, or one that would change the path: the attempt fails without calling out.
  for (const other of ["", "../x", "a/b"]) {
    const err = (() => {
      try {
        send(39, "/v1/chat/completions", { other, key: "t" });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RelayError);
    expect((err as RelayError).code).toBe("channel:config_missing");
  }
});

test("types still without an adapter cannot be saved", () => {
  for (const type of [15, 16, 18, 21, 22, 9999]) expect([type, typeSupported(type)]).toEqual([type, false]);
  // Dify and Coze have adapters now (vendors/dify, vendors/coze).
  for (const type of [37, 49]) expect([type, typeSupported(type)]).toEqual([type, true]);
});
