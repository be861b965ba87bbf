import "server-only";

// Bedrock channel keys: "AccessKey|SecretKey|Region", "AccessKey|SecretKey|SessionToken|Region"
// (temporary STS credentials: the token is sent as x-amz-security-token and signed), or a Bedrock API
// key ("BedrockAPIKey|Region", or the key alone), sent as `Authorization: Bearer <key>`
// (docs.aws.amazon.com/bedrock/latest/userguide/api-keys-use.html). A key without a region takes it
// from the channel setting `region`, else from the `other` field.
import { relayError } from "@/relay/kernel/error-codes";

export type BedrockCredentials =
  | { kind: "sigv4"; accessKeyId: string; secretAccessKey: string; sessionToken?: string; region: string }
  | { kind: "apikey"; apiKey: string; region: string };

const REGION = /^[a-z]{2}(-[a-z0-9]+){1,4}$/;

/** The region a key without one uses: setting.region, else the `other` field. */
export function channelRegion(setting: Record<string, unknown> | undefined, other: string): string {
  const r = setting?.region;
  return (typeof r === "string" && r.trim()) || other.trim();
}

/** The credentials of a channel key (see the file comment); a malformed key is a config error. */
export function bedrockCredentials(key: string, fallbackRegion: string): BedrockCredentials {
  const parts = key.split("|").map((p) => p.trim());
  const [a = "", b = "", c = "", d = ""] = parts;
  const fallback = fallbackRegion.trim();
  let cred: BedrockCredentials;
  if (parts.length >= 4) cred = { kind: "sigv4", accessKeyId: a, secretAccessKey: b, sessionToken: c, region: d };
  else if (parts.length === 3) cred = { kind: "sigv4", accessKeyId: a, secretAccessKey: b, region: c };
  else if (parts.length === 2 && REGION.test(b)) cred = { kind: "apikey", apiKey: a, region: b };
  else if (parts.length === 2) cred = { kind: "sigv4", accessKeyId: a, secretAccessKey: b, region: fallback };
  else cred = { kind: "apikey", apiKey: a, region: fallback };
  const complete =
    cred.kind === "sigv4"
      ? cred.accessKeyId && cred.secretAccessKey && (cred.sessionToken === undefined || cred.sessionToken)
      : cred.apiKey;
  if (!REGION.test(cred.region) || !complete)
    throw relayError("channel_config_missing", {
      detail:
        "its AWS credentials (key AccessKey|SecretKey|Region, AccessKey|SecretKey|SessionToken|Region, or BedrockAPIKey|Region)",
    });
  return cred;
}
