"use client";

// Models tab: global relay settings, Gemini, Claude, and the model-mapping manager.
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { OptionSection } from "@/modules/settings/components/option-section";
import { ModelMappingManager } from "@/modules/settings/components/model-mapping/model-mapping-manager";

const GLOBAL: FieldSpec[] = [
  { key: "global.pass_through_request_enabled", kind: "bool", hint: true },
  { key: "global.hide_upstream_error_enabled", kind: "bool", hint: true },
  { key: "global.block_browser_extension_enabled", kind: "bool", wide: true },
  { key: "global.safe_check_exempt_enabled", kind: "bool", hint: true },
  { key: "global.safe_check_exempt_group", kind: "text" },
  { key: "global.auto_retry_enabled", kind: "bool", hint: true },
  { key: "global.auto_retry_force_channel_switch", kind: "bool" },
  { key: "global.auto_retry_count", kind: "number", min: 1, max: 10, step: 1 },
  { key: "global.auto_retry_status_codes", kind: "text", hint: true },
  { key: "general_setting.ping_interval_enabled", kind: "bool", hint: true },
  { key: "general_setting.ping_interval_seconds", kind: "number", min: 1, step: 1 },
];
const GEMINI: FieldSpec[] = [
  { key: "gemini.safety_settings", kind: "json", hint: true },
  { key: "gemini.version_settings", kind: "json", hint: true },
  { key: "gemini.supported_imagine_models", kind: "json", rows: 3 },
  { key: "gemini.thinking_adapter_enabled", kind: "bool" },
  { key: "gemini.thinking_adapter_budget_tokens_percentage", kind: "number", min: 0.002, max: 1, step: 0.001 },
  { key: "gemini.models_supported_thinking_budget", kind: "json", rows: 3 },
];
const CLAUDE: FieldSpec[] = [
  { key: "claude.model_headers_settings", kind: "json", hint: true },
  { key: "claude.default_max_tokens", kind: "json", hint: true },
  { key: "claude.thinking_adapter_enabled", kind: "bool" },
  { key: "claude.thinking_adapter_budget_tokens_percentage", kind: "number", min: 0.1, max: 1, step: 0.1 },
];

export function ModelsTab() {
  return (
    <div className="flex flex-col gap-4">
      <OptionSection id="global" fields={GLOBAL} />
      <OptionSection id="gemini" fields={GEMINI} />
      <OptionSection id="claude" fields={CLAUDE} />
      <ModelMappingManager />
    </div>
  );
}
