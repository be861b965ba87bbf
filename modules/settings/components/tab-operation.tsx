"use client";

// Operation tab: general operation, monitoring, logs (+ retention and, for root, cleanup), sensitive words, drawing, data
// dashboard, check-in, quota, rebate, token chat, group ratios, payment (EPay), other ratios (fallback pricing) and
// the three-tab model pricing area.
import { useTranslations } from "next-intl";
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { OptionSection } from "@/modules/settings/components/option-section";
import { PricingArea } from "@/modules/settings/components/ratios/pricing-area";
import { LogCleanupCard } from "@/modules/settings/components/log-cleanup-card";
import { useSite } from "@/components/providers/site-context";
import { ROLE } from "@/lib/constants";
import { checkFallbackPricing } from "@/modules/settings/rules/option-rules";

// GET /api/ratio_config for other instances' price sync (root only, off by default)
const RATIO_EXPOSE: FieldSpec[] = [{ key: "ExposeRatioEnabled", kind: "bool", wide: true, hint: true }];
const GENERAL: FieldSpec[] = [
  { key: "TopUpLink", kind: "text", placeholder: "https://", hint: true },
  { key: "general_setting.docs_link", kind: "text", placeholder: "https://" },
  { key: "QuotaPerUnit", kind: "number", min: 0, hint: true },
  { key: "RetryTimes", kind: "number", min: 0, max: 10, step: 1, hint: true },
  { key: "general_setting.quota_display_type", kind: "select", options: ["USD", "CNY", "TOKENS", "CUSTOM"] },
  { key: "StreamCacheQueueLength", kind: "number", min: 0, step: 1 },
  { key: "SelfUseModeEnabled", kind: "bool", hint: true },
  { key: "DemoSiteEnabled", kind: "bool" },
];
const MONITOR: FieldSpec[] = [
  { key: "ChannelDisableThreshold", kind: "number", min: 0, hint: true },
  { key: "AutomaticDisableStatusCodes", kind: "text", placeholder: "401" },
  { key: "AutomaticRetryStatusCodes", kind: "text", wide: true },
  { key: "AutomaticDisableChannelEnabled", kind: "bool" },
  { key: "AutomaticEnableChannelEnabled", kind: "bool" },
  { key: "AutomaticDisableKeywords", kind: "textarea", rows: 5, hint: true },
];
/** Root only: whether channel base URLs may point at private or loopback addresses. */
const CHANNEL_ADDRESS: FieldSpec = { key: "ChannelPrivateAddressEnabled", kind: "bool", hint: true };
const LOGS: FieldSpec[] = [
  { key: "LogConsumeEnabled", kind: "bool" },
  { key: "LogErrorEnabled", kind: "bool" },
  { key: "LogChatContentEnabled", kind: "bool", hint: true },
  { key: "LogRetentionDays", kind: "number", min: 0, step: 1, hint: true },
];
const SENSITIVE: FieldSpec[] = [
  { key: "CheckSensitiveEnabled", kind: "bool" },
  { key: "CheckSensitiveOnPromptEnabled", kind: "bool" },
  { key: "CheckSensitiveOnCompletionEnabled", kind: "bool" },
  { key: "StopOnSensitiveEnabled", kind: "bool" },
  { key: "SensitiveWords", kind: "textarea", rows: 5, hint: true },
];
const DRAWING: FieldSpec[] = [
  { key: "DrawingEnabled", kind: "bool" },
  { key: "MjNotifyEnabled", kind: "bool" },
  { key: "MjAccountFilterEnabled", kind: "bool" },
  { key: "MjForwardUrlEnabled", kind: "bool" },
  { key: "MjModeClearEnabled", kind: "bool" },
  { key: "MjActionCheckSuccessEnabled", kind: "bool" },
];
const DASHBOARD: FieldSpec[] = [
  { key: "DataExportEnabled", kind: "bool" },
  { key: "DataExportInterval", kind: "number", min: 1, step: 1 },
  { key: "DataExportDefaultTime", kind: "select", options: ["hour", "day", "week"] },
];
const CHECKIN: FieldSpec[] = [
  { key: "CheckInEnabled", kind: "bool", wide: true },
  { key: "CheckInQuota", kind: "number", min: 0, step: 1 },
  { key: "CheckInMaxQuota", kind: "number", min: 0, step: 1, hint: true },
];
const QUOTA: FieldSpec[] = [
  { key: "QuotaForNewUser", kind: "number", min: 0, step: 1 },
  { key: "PreConsumedQuota", kind: "number", min: 0, step: 1 },
  { key: "QuotaForInviter", kind: "number", min: 0, step: 1, hint: true },
  { key: "QuotaForInvitee", kind: "number", min: 0, step: 1 },
  { key: "QuotaRemindThreshold", kind: "number", min: 0, step: 1 },
  { key: "AffEnabled", kind: "bool" },
];
const REBATE: FieldSpec[] = [
  { key: "RebateEnabled", kind: "bool" },
  { key: "RebatePercentage", kind: "number", min: 0, max: 100, step: 0.1 },
];
const CHAT: FieldSpec[] = [
  { key: "ChatLink", kind: "text", placeholder: "https://", hint: true },
  { key: "ChatLink2", kind: "text", placeholder: "https://" },
];
const GROUPS: FieldSpec[] = [
  { key: "GroupRatio", kind: "json", hint: true },
  { key: "UserUsableGroups", kind: "json", hint: true },
  { key: "TopupGroupRatio", kind: "json" },
];
const PAYMENT: FieldSpec[] = [
  { key: "PayAddress", kind: "text", placeholder: "https://", hint: true },
  { key: "EpayId", kind: "text" },
  { key: "EpayKey", kind: "secret" },
  { key: "Price", kind: "number", min: 0, step: 0.01 },
  { key: "MinTopUp", kind: "number", min: 1, step: 1 },
  { key: "CustomCallbackAddress", kind: "text", placeholder: "https://", hint: true },
];
const FALLBACK: FieldSpec[] = [
  { key: "fallback_pricing_enabled", kind: "bool", hint: true },
  { key: "redirect_billing_enabled", kind: "bool", hint: true },
  { key: "fallback_single_price", kind: "number", min: 0, step: 0.001, hint: true },
  { key: "fallback_input_ratio", kind: "number", min: 0, step: 0.01 },
  { key: "fallback_completion_ratio", kind: "number", min: 0, step: 0.01 },
];

export function OperationTab() {
  const t = useTranslations("settings");
  const { user } = useSite();
  const isRoot = (user?.role ?? 0) >= ROLE.root;
  return (
    <div className="flex flex-col gap-4">
      <OptionSection id="general" fields={GENERAL} />
      <OptionSection id="monitor" fields={isRoot ? [...MONITOR, CHANNEL_ADDRESS] : MONITOR} />
      <OptionSection id="logs" fields={LOGS} />
      {isRoot ? <LogCleanupCard /> : null}
      <OptionSection id="sensitive" fields={SENSITIVE} />
      <OptionSection id="drawing" fields={DRAWING} />
      <OptionSection id="dashboard" fields={DASHBOARD} />
      <OptionSection id="checkin" fields={CHECKIN} />
      <OptionSection id="quota" fields={QUOTA} />
      <OptionSection
        id="rebate"
        fields={REBATE}
        validate={(v) => {
          const p = Number(v("RebatePercentage"));
          const bad = v("RebatePercentage").trim() === "" || !(p >= 0 && p <= 100);
          return v("RebateEnabled") === "true" && bad ? t("problems.rebate_range") : null;
        }}
      />
      <OptionSection id="chat" fields={CHAT} />
      <OptionSection id="groups" fields={GROUPS} />
      <OptionSection id="payment" fields={PAYMENT} />
      <OptionSection
        id="fallback"
        fields={FALLBACK}
        validate={(v) =>
          checkFallbackPricing({
            singlePrice: v("fallback_single_price"),
            inputRatio: v("fallback_input_ratio"),
            completionRatio: v("fallback_completion_ratio"),
          })
            ? t("problems.fallback_mixed")
            : null
        }
      />
      <PricingArea />
      <OptionSection id="ratio_expose" fields={RATIO_EXPOSE} />
    </div>
  );
}
