// The settings tabs of /app/me (notification, price and other
// settings). A server component only to tell the form whether this server runs in the test-only
// loopback mode, where http:// webhook URLs are accepted (lib/env.ts NOTIFY_ALLOW_LOOPBACK_FOR_TESTS).
import { env } from "@/lib/env";
import { SettingsTabsClient } from "@/modules/profile/components/settings/settings-tabs-client";

export function MeSettingsTabs() {
  return <SettingsTabsClient allowHttpWebhook={env().NOTIFY_ALLOW_LOOPBACK_FOR_TESTS} />;
}
