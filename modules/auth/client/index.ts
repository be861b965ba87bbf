// The auth module's door for other modules' client code (eslint.config.mjs, "doors"). Binding a
// sign-in identity to the own account (profile) goes through the same providers, widgets and code
// fields as signing in with it, so they are shared from here.
export { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/modules/auth/oauth-providers";
export { useStartOAuth } from "@/modules/auth/client/oauth/use-oauth";
export { useTelegramBind, useWeChatBind } from "@/modules/auth/client/im-auth/hooks";
export { bindEmail } from "@/modules/auth/client/mail-auth/api";
export { bindEmailSchema } from "@/modules/auth/schemas/mail-auth";
export { TelegramWidget } from "@/modules/auth/components/telegram-widget";
export { WeChatCodeDialog } from "@/modules/auth/components/wechat-code-dialog";
export { VerificationCodeField } from "@/modules/auth/components/verification-code-field";
