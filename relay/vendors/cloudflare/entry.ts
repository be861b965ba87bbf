// Channel type 39: Cloudflare. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Workers AI, OpenAI-compatible: {base}/client/v4/accounts/{account}/ai/v1/chat/completions.
  id: 39,
  name: "Cloudflare",
  listOrder: 290,
  keyFormat: "APIToken (or AccountID|APIToken)",
  models: ["@cf/meta/llama-3.1-8b-instruct", "@cf/baai/bge-large-en-v1.5"],
  transport: "cloudflare",
  defaultBaseUrl: "https://api.cloudflare.com",
  form: { other: "account_id", setup: "cloudflare" },
};
