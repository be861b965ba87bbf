import "server-only";

// The two instant-messaging sign-in providers: which user column holds the id, which option turns
// the provider on, and the messages of their refusals.
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";

export type ImProvider = "wechat" | "telegram";

export const IM_PROVIDERS = {
  wechat: {
    column: "wechatId",
    enabledOption: "WeChatAuthEnabled",
    disabled: "im_wechat_disabled",
    boundElsewhere: "im_wechat_bound_elsewhere",
  },
  telegram: {
    column: "telegramId",
    enabledOption: "TelegramOAuthEnabled",
    disabled: "im_telegram_disabled",
    boundElsewhere: "im_telegram_bound_elsewhere",
  },
} as const satisfies Record<
  ImProvider,
  {
    column: "wechatId" | "telegramId";
    enabledOption: string;
    disabled: ServerMessageKey;
    boundElsewhere: ServerMessageKey;
  }
>;
