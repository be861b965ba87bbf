import "server-only";

// Error logs (type 6) for failed relay calls, when LogErrorEnabled is on. Queued, never awaited.
import { requestLogger } from "@/lib/server/logger";
import { getOptions } from "@/lib/server/options/store";
import { queueLog } from "@/lib/server/ledger/journal";
import type { RelayContext, RelayRequestBase } from "@/relay/kernel/context";
import type { RelayError } from "@/relay/kernel/errors";
import { LOG_TYPE } from "@/lib/constants";

export function queueErrorLog(ctx: RelayContext | null, base: RelayRequestBase, e: RelayError, cause: unknown): void {
  if (e.status >= 500 && e.code === "internal_error")
    requestLogger(base.requestId).error({ err: cause, path: base.path }, "relay internal error");
  void getOptions()
    .then((options) => {
      if (!options.bool("LogErrorEnabled")) return;
      queueLog({
        createdAt: Math.floor(Date.now() / 1000),
        type: LOG_TYPE.error,
        content: e.message.slice(0, 2000),
        userId: base.caller.user.id,
        username: base.caller.user.username,
        tokenName: base.caller.token?.name ?? "",
        tokenId: base.caller.token?.id ?? 0,
        modelName: ctx?.model ?? "",
        quota: 0,
        promptTokens: 0,
        completionTokens: 0,
        useTime: Math.round((Date.now() - base.startedAt) / 1000),
        isStream: ctx?.stream ?? false,
        channelId: ctx?.usedChannels.at(-1) ?? 0,
        group: base.caller.group,
        ip: base.caller.user.setting.show_ip_in_logs ? base.ip : "",
        requestId: base.requestId,
        other: JSON.stringify({
          error_type: e.type,
          error_code: e.code,
          status_code: e.status,
          request_path: base.path,
          admin_info: { use_channel: ctx?.usedChannels ?? [] },
        }),
      });
    })
    .catch(() => undefined);
}
