"use client";

// Admin views of the second factors: adoption on the users page (GET /api/user/2fa/stats) and, in a
// user's edit drawer, turning off their 2FA or removing their passkeys (a lost phone). The server
// refuses another admin's or a root's (new-api's role rule); both are audit-logged there.
import { ShieldOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiData, apiFetch } from "@/lib/client/api";
import { securityKeys } from "@/modules/security/client/keys";

type Stats = { total_users: number; enabled_users: number; enabled_rate: string };

export function TwoFactorAdoption() {
  const t = useTranslations("security");
  const stats = useQuery({
    queryKey: [...securityKeys.all, "2fa-stats"],
    queryFn: () => apiData<Stats>("/api/user/2fa/stats"),
  });
  if (!stats.data) return null;
  return (
    <p className="text-sm text-muted" data-testid="twofa-adoption">
      {t("admin_adoption", {
        enabled: stats.data.enabled_users,
        total: stats.data.total_users,
        rate: stats.data.enabled_rate,
      })}
    </p>
  );
}

type Action = "2fa" | "passkey";
const PATH: Record<Action, (id: number) => string> = {
  "2fa": (id) => `/api/user/${id}/2fa`,
  passkey: (id) => `/api/user/${id}/reset_passkey`,
};

export function AdminSecondFactors({ userId, username }: { userId: number; username: string }) {
  const t = useTranslations("security");
  const [pending, setPending] = useState<Action | null>(null);
  const reset = useMutation({
    mutationFn: (action: Action) => apiFetch<null>(PATH[action](userId), { method: "DELETE" }),
    onSuccess: (res) => {
      toast.success(res.message);
      setPending(null);
    },
  });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="admin-second-factors">
      <legend className="px-1 text-sm font-semibold">{t("admin_title")}</legend>
      <p className="text-xs text-muted">{t("admin_hint")}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setPending("2fa")} data-testid="admin-reset-2fa">
          <ShieldOff className="h-4 w-4" aria-hidden />
          {t("admin_reset_2fa")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPending("passkey")} data-testid="admin-reset-passkey">
          {t("admin_reset_passkey")}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending === "passkey" ? t("admin_reset_passkey") : t("admin_reset_2fa")}
        description={t("admin_confirm", { name: username })}
        danger
        loading={reset.isPending}
        onConfirm={() => pending && reset.mutate(pending)}
        data-testid="admin-second-factors-confirm"
      />
    </fieldset>
  );
}
