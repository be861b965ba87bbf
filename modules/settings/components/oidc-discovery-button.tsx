"use client";

// The OIDC section's "fetch from Well-Known" action: the browser reads the
// provider's discovery document and fills the authorization, token and userinfo endpoints into the
// section's draft; saving stores them. The URL must start with http:// or https://.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import type { SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Button } from "@/components/ui/button";
import { isHttpUrl } from "@/lib/http-url";

const FILLED = [
  ["oidc.authorization_endpoint", "authorization_endpoint"],
  ["oidc.token_endpoint", "token_endpoint"],
  ["oidc.user_info_endpoint", "userinfo_endpoint"],
] as const;

export function OidcDiscoveryButton({ section }: { section: SettingsSection }) {
  const t = useTranslations("oauth");
  const [loading, setLoading] = useState(false);

  const discover = async () => {
    const url = section.value("oidc.well_known").trim();
    if (!isHttpUrl(url)) return void toast.error(t("oidc_well_known_invalid"));
    setLoading(true);
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "omit" });
      const doc = (await res.json()) as Record<string, unknown>;
      const values = FILLED.map(([, field]) => doc[field]);
      if (!res.ok || !values.every((v) => typeof v === "string" && isHttpUrl(v))) throw new Error("bad document");
      FILLED.forEach(([key], i) => section.set(key, values[i] as string));
      toast.success(t("oidc_discovered"));
    } catch {
      toast.error(t("oidc_discovery_failed"));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        loading={loading}
        disabled={!section.ready}
        onClick={() => void discover()}
        data-testid="settings-oidc-discover"
      >
        {t("oidc_discover")}
      </Button>
      <span className="text-xs text-muted">{t("oidc_discover_hint")}</span>
    </div>
  );
}
