"use client";

// The action at the end of a binding row of /app/me: each sign-in method has its own component.
import { EmailBinding } from "@/modules/profile/components/bindings/email-binding";
import { ImBinding } from "@/modules/profile/components/bindings/im-binding";
import { OAuthBinding } from "@/modules/profile/components/bindings/oauth-binding";

export type BindingKind = "email" | "github" | "oidc" | "linuxdo" | "wechat" | "telegram";

export function BindingAction({ kind, bound }: { kind: BindingKind; bound: boolean }) {
  if (kind === "email") return <EmailBinding bound={bound} />;
  if (kind === "wechat" || kind === "telegram") return <ImBinding provider={kind} bound={bound} />;
  return <OAuthBinding provider={kind} bound={bound} />;
}
