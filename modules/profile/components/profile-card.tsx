"use client";

// Profile and bindings: the display name (PUT /api/user/self) and the sign-in methods
// bound to the account. Email is always listed; the OAuth providers only when enabled on this site.
// Binding and unbinding flows come with the OAuth feature; here each row shows the bound value or
// 未绑定.
import { BindingAction, type BindingKind } from "@/modules/profile/components/bindings/binding-action";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import type { SelfProfile } from "@/modules/profile/client/api";
import { useUpdateSelf } from "@/modules/profile/client/use-account-actions";
import { useIssueText } from "@/lib/client/form-issues";
import { getStoredUser, setStoredUser } from "@/lib/client/storage";
import { updateSelfSchema } from "@/modules/users/client";
import type { StatusData } from "@/lib/server/site-status";

type BindingKey =
  "binding_email" | "binding_github" | "binding_oidc" | "binding_wechat" | "binding_telegram" | "binding_linuxdo";

const BINDING_KIND: Record<BindingKey, BindingKind> = {
  binding_email: "email",
  binding_github: "github",
  binding_oidc: "oidc",
  binding_wechat: "wechat",
  binding_telegram: "telegram",
  binding_linuxdo: "linuxdo",
};

/** The binding rows this site shows, with the bound value ("" when not bound). */
export function bindingRows(self: SelfProfile, status: StatusData): { key: BindingKey; value: string }[] {
  const rows: { key: BindingKey; value: string; shown: boolean }[] = [
    { key: "binding_email", value: self.email, shown: true },
    { key: "binding_github", value: self.github_id, shown: status.github_oauth },
    { key: "binding_oidc", value: self.oidc_id, shown: status.oidc_enabled },
    { key: "binding_wechat", value: self.wechat_id, shown: status.wechat_login },
    { key: "binding_telegram", value: self.telegram_id, shown: status.telegram_oauth },
    { key: "binding_linuxdo", value: self.linux_do_id, shown: status.linuxdo_oauth },
  ];
  return rows.filter((r) => r.shown).map(({ key, value }) => ({ key, value }));
}

export function DisplayNameForm({ self }: { self: SelfProfile }) {
  const t = useTranslations("me");
  const issueText = useIssueText();
  const router = useRouter();
  const update = useUpdateSelf();
  const [draft, setDraft] = useState(self.display_name);
  const [error, setError] = useState<string | null>(null);
  const changed = draft.trim() !== self.display_name;

  const save = () => {
    const parsed = updateSelfSchema.safeParse({ display_name: draft });
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0]!.message));
      return;
    }
    setError(null);
    update.mutate(
      { display_name: parsed.data.display_name },
      {
        onSuccess: (message) => {
          toast.success(message);
          // the avatar menu reads the stored user and the server-rendered shell
          const stored = getStoredUser();
          if (stored) setStoredUser({ ...stored, display_name: parsed.data.display_name ?? "" });
          router.refresh();
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="min-w-0 flex-1">
        <TextField
          id="me-display-name-input"
          label={t("display_name")}
          placeholder={t("display_name_placeholder")}
          value={draft}
          maxLength={40}
          error={error}
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <Button
        type="submit"
        className="sm:mt-7"
        disabled={!changed}
        loading={update.isPending}
        data-testid="me-display-name-save"
      >
        {t("save")}
      </Button>
    </form>
  );
}

export function ProfileCard({ self }: { self: SelfProfile }) {
  const t = useTranslations("me");
  const { status } = useSite();
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="me-profile-card">
      <div>
        <h2 className="font-semibold">{t("profile_title")}</h2>
        <p className="text-sm text-muted">{t("profile_description")}</p>
      </div>
      <DisplayNameForm key={self.display_name} self={self} />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t("bindings")}</h3>
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="me-bindings">
          <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="text-muted">{t("username")}</span>
            <span className="truncate font-medium">{self.username}</span>
          </li>
          {bindingRows(self, status).map((row) => (
            <li
              key={row.key}
              className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              data-testid={`me-${row.key}`}
            >
              <span className="text-muted">{t(row.key)}</span>
              <span className="flex min-w-0 items-center gap-2">
                {row.value ? <span className="truncate font-medium">{row.value}</span> : <Badge>{t("unbound")}</Badge>}
                <BindingAction kind={BINDING_KIND[row.key]} bound={!!row.value} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
