import "server-only";

// Everything PUT /api/option/ checks before a write: the key exists, admins write only the
// allow-list of modules/settings/rules/option-access.ts (secrets and everything else are root-only), the
// value passes its rule, and cross-key rules hold against the stored options
// (fallback pricing never mixed; a sign-in provider is enabled only once configured).
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { ROLE } from "@/lib/constants";
import { AppError } from "@/lib/server/http/app-error";
import { ownValue } from "@/lib/own-keys";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { isSecretOptionKey, OPTION_DEFAULTS } from "@/lib/server/options/defaults";
import { checkModelMapping } from "@/modules/settings/model-mapping";
import { isAdminWritableOption } from "@/modules/settings/rules/option-access";
import { checkFallbackPricing, checkOptionValue } from "@/modules/settings/rules/option-rules";

const FALLBACK_KEYS = {
  fallback_single_price: "singlePrice",
  fallback_input_ratio: "inputRatio",
  fallback_completion_ratio: "completionRatio",
} as const;

/** Enabling these needs the listed options filled in first. */
const ENABLE_REQUIRES: Record<string, string[]> = {
  GitHubOAuthEnabled: ["GitHubClientId", "GitHubClientSecret"],
  LinuxDOOAuthEnabled: ["LinuxDOClientId", "LinuxDOClientSecret"],
  "oidc.enabled": ["oidc.client_id", "oidc.client_secret"],
  WeChatAuthEnabled: ["WeChatServerAddress", "WeChatServerToken"],
  TelegramOAuthEnabled: ["TelegramBotName", "TelegramBotToken"],
  TurnstileCheckEnabled: ["TurnstileSiteKey", "TurnstileSecretKey"],
  EmailDomainRestrictionEnabled: ["EmailDomainWhitelist"],
};

function problem(id: string, params: Record<string, string | number>): AppError {
  return new AppError("bad_request", `option_${id}` as ServerMessageKey, params);
}

export function checkOptionWrite(key: string, value: string, role: number, current: ReadonlyOptions): void {
  // Object.prototype's names (__proto__, constructor, toString, …) are never option keys.
  if (!Object.hasOwn(OPTION_DEFAULTS, key)) throw new AppError("bad_request", "option_unknown", { key });
  if (role < ROLE.root) {
    if (isSecretOptionKey(key)) throw new AppError("forbidden", "option_secret_root_only", { key });
    if (!isAdminWritableOption(key)) throw new AppError("forbidden", "option_root_only", { key });
  }

  const p = checkOptionValue(key, value);
  if (p) throw problem(p.id, { key, ...p.params });
  if (key === "ModelMapping") {
    const m = checkModelMapping(JSON.parse(value));
    if (m) throw new AppError("bad_request", `mapping_${m.id}` as ServerMessageKey, m.params);
  }

  if (Object.hasOwn(FALLBACK_KEYS, key)) {
    // A price next to ratios is refused at once; a lone ratio may be a step of switching modes
    // (the console clears values before setting new ones) and is refused when enabling.
    const next = {
      singlePrice: current.str("fallback_single_price"),
      inputRatio: current.str("fallback_input_ratio"),
      completionRatio: current.str("fallback_completion_ratio"),
      [FALLBACK_KEYS[key as keyof typeof FALLBACK_KEYS]]: value,
    };
    const hasPrice = next.singlePrice.trim() !== "";
    const hasRatio = next.inputRatio.trim() !== "" || next.completionRatio.trim() !== "";
    if (hasPrice && hasRatio) throw problem("fallback_mixed", {});
  }
  if (key === "fallback_pricing_enabled" && value === "true") {
    const p2 = checkFallbackPricing({
      singlePrice: current.str("fallback_single_price"),
      inputRatio: current.str("fallback_input_ratio"),
      completionRatio: current.str("fallback_completion_ratio"),
    });
    if (p2) throw problem(p2.id, {});
  }

  const needs = ownValue(ENABLE_REQUIRES, key);
  if (needs && value === "true") {
    const missing = needs.filter((k) => !(current.get(k) ?? "").trim());
    if (missing.length) throw problem("enable_requires", { key, need: missing.join(", ") });
  }
}
