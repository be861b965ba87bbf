"use client";

// Passkeys in the security section: the list (added, last used), add one (a fresh verification
// first once the account has 2FA or a passkey), remove one (always after a fresh verification).
import { Fingerprint } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { formatRecentTime } from "@/lib/format-time";
import { deletePasskey, getPasskeys, registerPasskey } from "@/modules/security/client/passkey-api";
import { securityKeys } from "@/modules/security/client/keys";
import { useSecureAction } from "@/modules/security/client/use-secure-action";

export function PasskeysCard() {
  const t = useTranslations("security");
  const locale = useLocale();
  const qc = useQueryClient();
  const passkeys = useQuery({ queryKey: securityKeys.passkeys(), queryFn: getPasskeys });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: securityKeys.passkeys() });
    void qc.invalidateQueries({ queryKey: securityKeys.verifyStatus() });
  };
  const add = useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => (toast.success(t("passkey_added")), refresh()),
  });
  const remove = useMutation({ mutationFn: deletePasskey, onSuccess: refresh });
  const { guard, dialog } = useSecureAction();
  const list = passkeys.data?.passkeys ?? [];
  return (
    <section className="flex flex-col gap-2 py-3" data-testid="passkeys-card" aria-busy={passkeys.isPending}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <Fingerprint className="mt-0.5 h-4 w-4 text-muted" aria-hidden />
          <div className="min-w-0">
            <h3 className="text-sm font-medium">{t("passkeys_title")}</h3>
            <p className="text-sm text-muted">{t("passkeys_description")}</p>
          </div>
        </div>
        <Button
          size="sm"
          variant="outline"
          loading={add.isPending}
          onClick={() => void guard(() => add.mutate(), { passwordChecked: true })}
          data-testid="passkey-add"
        >
          {t("passkey_add")}
        </Button>
      </div>
      <ul className="divide-y divide-border pl-7">
        {list.map((p, i) => (
          <li key={p.id} className="flex items-center justify-between gap-3 py-2" data-testid="passkey-row">
            <div className="min-w-0 text-sm">
              <p className="font-medium">{p.name || t("passkey_default_name", { n: i + 1 })}</p>
              <p className="text-xs text-muted">
                {t("passkey_added_at", { time: formatRecentTime(p.created_at * 1000, locale) })}
                {p.last_used_at
                  ? ` · ${t("passkey_used_at", { time: formatRecentTime(p.last_used_at * 1000, locale) })}`
                  : ""}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={remove.isPending && remove.variables === p.id}
              onClick={() => void guard(() => remove.mutate(p.id))}
              aria-label={t("passkey_remove_label", { n: i + 1 })}
              data-testid="passkey-remove"
            >
              {t("passkey_remove")}
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  );
}
