"use client";

// Account security: change password, reset the system access token, delete the account. The super
// admin cannot delete itself (the server refuses too), so the button is disabled with the reason.
import { KeyRound, LockKeyhole, UserX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { AccessTokenDialogs } from "@/modules/profile/components/access-token-dialog";
import { ChangePasswordDialog } from "@/modules/profile/components/change-password-dialog";
import { DeleteAccountDialog } from "@/modules/profile/components/delete-account-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { SelfProfile } from "@/modules/profile/client/api";
import { ROLE } from "@/lib/constants";

function Row({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 text-muted">{icon}</span>
        <div className="min-w-0">
          <p className="text-sm font-medium">{title}</p>
          <p className="text-sm text-muted">{description}</p>
        </div>
      </div>
      <div className="shrink-0 self-start sm:self-center">{action}</div>
    </li>
  );
}

export function SecurityCard({ self }: { self: SelfProfile }) {
  const t = useTranslations("me");
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [tokenOpen, setTokenOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const isRoot = self.role >= ROLE.root;
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5" data-testid="me-security-card">
      <h2 className="font-semibold">{t("security_title")}</h2>
      <p className="text-sm text-muted">{t("security_description")}</p>
      <ul className="mt-1 divide-y divide-border">
        <Row
          icon={<LockKeyhole className="h-4 w-4" aria-hidden />}
          title={t("change_password")}
          description={t("change_password_description")}
          action={
            <Button variant="outline" size="sm" onClick={() => setPasswordOpen(true)} data-testid="me-password-open">
              {t("change_password")}
            </Button>
          }
        />
        <Row
          icon={<KeyRound className="h-4 w-4" aria-hidden />}
          title={t("token_title")}
          description={t("token_description")}
          action={
            <Button variant="outline" size="sm" onClick={() => setTokenOpen(true)} data-testid="me-token-open">
              {t("token_reset")}
            </Button>
          }
        />
        <Row
          icon={<UserX className="h-4 w-4 text-danger" aria-hidden />}
          title={t("delete_title")}
          description={isRoot ? t("delete_root_forbidden") : t("delete_description")}
          action={
            <Button
              variant="danger"
              size="sm"
              disabled={isRoot}
              onClick={() => setDeleteOpen(true)}
              data-testid="me-delete-open"
            >
              {t("delete_button")}
            </Button>
          }
        />
      </ul>
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} hasPassword={self.has_password} />
      <AccessTokenDialogs userId={self.id} confirmOpen={tokenOpen} onConfirmOpenChange={setTokenOpen} />
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} username={self.username} />
    </Card>
  );
}
