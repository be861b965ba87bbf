import "server-only";

// Rules on where a channel sends its key, checked by create and update (PUT /api/channel/):
// - the base URL obeys ChannelPrivateAddressEnabled (net/channel-address.ts);
// - an update that moves the key elsewhere (base URL, type, header or param overrides) must carry
//   the key itself: otherwise an admin could repoint a channel at their own host and have the next
//   test or relay call deliver the stored key there.
import { AppError } from "@/lib/server/http/app-error";
import { channelPrivateAllowed, channelUrlAllowed } from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";
import { channelTypeInfo } from "@/lib/channel-types";
import type { UpdateChannelInput } from "@/modules/channels/schemas";

export async function checkChannelBaseUrl(baseUrl: string | undefined, type: number): Promise<void> {
  // No base URL means the type's default address, which for Ollama is this host.
  const effective = baseUrl || channelTypeInfo(type)?.defaultBaseUrl || "";
  if (!effective) return;
  if (!(await channelUrlAllowed(effective, channelPrivateAllowed(await getOptions()))))
    throw new AppError("bad_request", "channel_base_url_private");
}

type Stored = { type: number; baseUrl: string | null; paramOverride: string | null; headerOverride: string | null };

/** Fields of the update that change where (or how) the stored key is sent. */
export function keyTargetChanges(input: UpdateChannelInput, current: Stored): string[] {
  const changed: string[] = [];
  if (input.type !== undefined && input.type !== current.type) changed.push("type");
  if (input.base_url !== undefined && input.base_url !== (current.baseUrl ?? "")) changed.push("base_url");
  if (input.param_override !== undefined && input.param_override.trim() !== (current.paramOverride ?? "").trim())
    changed.push("param_override");
  if (input.header_override !== undefined && input.header_override.trim() !== (current.headerOverride ?? "").trim())
    changed.push("header_override");
  return changed;
}

export async function checkChannelUpdateTarget(input: UpdateChannelInput, current: Stored, hasNewKey: boolean) {
  const changed = keyTargetChanges(input, current);
  if (changed.length && !hasNewKey)
    throw new AppError("bad_request", "channel_key_required_for_target", { fields: changed.join(", ") });
  if (changed.includes("base_url") || changed.includes("type"))
    await checkChannelBaseUrl(input.base_url ?? current.baseUrl ?? "", input.type ?? current.type);
}
