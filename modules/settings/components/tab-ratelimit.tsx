"use client";

// Rate-limit tab: the model request rate limit per user, with group overrides.
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { OptionSection } from "@/modules/settings/components/option-section";

const RATE_LIMIT: FieldSpec[] = [
  { key: "ModelRequestRateLimitEnabled", kind: "bool", wide: true },
  { key: "ModelRequestRateLimitDurationMinutes", kind: "number", min: 0, step: 1, hint: true },
  { key: "ModelRequestRateLimitCount", kind: "number", min: 0, step: 1, hint: true },
  { key: "ModelRequestRateLimitSuccessCount", kind: "number", min: 1, step: 1, hint: true },
  { key: "ModelRequestRateLimitGroup", kind: "json", hint: true, placeholder: '{"vip": [0, 2000]}' },
  { key: "global.rate_limit_exempt_enabled", kind: "bool", hint: true },
  { key: "global.rate_limit_exempt_group", kind: "text" },
];

export function RateLimitTab() {
  return <OptionSection id="ratelimit" fields={RATE_LIMIT} />;
}
