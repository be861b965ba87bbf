// Channel type 33: AWS Claude. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { CLAUDE_MODELS } from "@/lib/default-models";

export const entry: VendorEntry = {
  // Claude through InvokeModel, other models through Converse (relay/vendors/bedrock);
  // base URL defaults to https://bedrock-runtime.{region}.amazonaws.com.
  id: 33,
  name: "AWS Claude",
  listOrder: 90,
  keyFormat:
    "AccessKey|SecretAccessKey|Region (or AccessKey|SecretAccessKey|SessionToken|Region, or BedrockAPIKey|Region)",
  models: CLAUDE_MODELS,
  baseUrlPlaceholder: "https://bedrock-runtime.us-east-1.amazonaws.com",
  transport: "bedrock",
  format: "claude",
  defaultBaseUrl: "",
  form: { other: "aws_region", setup: "bedrock" },
};
