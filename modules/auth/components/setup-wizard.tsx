"use client";

// First-run setup: root account (unless it already exists), usage mode,
// a persistence warning on SQLite. After success the whole app reloads so every server component
// sees the finished setup.
import { TextField } from "@/components/ui/text-field";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell } from "@/modules/auth/components/auth-shell";
import { SetupUsageMode, usageModeFlags, type UsageMode } from "@/modules/auth/components/setup-usage-mode";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { ApiError } from "@/lib/client/api";
import type { SetupStatus } from "@/modules/auth/client/api";
import { useFieldErrors } from "@/lib/client/form-issues";
import { useSetup } from "@/modules/auth/client/use-setup";
import { useSetupStatus } from "@/modules/auth/client/use-setup-status";
import { describeError } from "@/lib/client/describe-error";
import { setupRootSchema } from "@/modules/users/client";
import { hardNavigate } from "@/lib/client/navigate";

const RELOAD_DELAY_MS = 1500;

type RootFields = { username: string; password: string; confirmPassword: string };

export function SetupWizard({ initialStatus }: { initialStatus: SetupStatus | null }) {
  const t = useTranslations("auth.setup");
  const tCommon = useTranslations("common");
  const tErrors = useTranslations("errors");
  const statusQuery = useSetupStatus(initialStatus);
  const setup = useSetup();
  const toFieldErrors = useFieldErrors();
  const [root, setRoot] = useState<RootFields>({ username: "", password: "", confirmPassword: "" });
  const [mode, setMode] = useState<UsageMode>("external");
  const [errors, setErrors] = useState<Partial<Record<keyof RootFields, string>>>({});
  const [reloading, setReloading] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const status = statusQuery.data;

  // A root-account input's value, error and change handler (editing clears that field's error).
  const bind = (field: keyof RootFields) => ({
    value: root[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setRoot((r) => ({ ...r, [field]: e.target.value }));
      setErrors((errs) => ({ ...errs, [field]: undefined }));
    },
  });

  const failureText = (err: unknown, sentAccount: boolean) => {
    // The form left out the account section (root looked initialised) but the server wants it: the
    // form no longer matches the server, so the page must be reloaded.
    if (!sentAccount && err instanceof ApiError && err.kind === "failed" && err.status === 400) {
      void statusQuery.refetch();
      return t("form_ref_error");
    }
    // A refusal from the server carries its own message; without one, or when the request never
    // got an answer, fall back to the setup-specific wording.
    if (err instanceof ApiError && err.kind === "failed") return err.message || t("submit_failed");
    if (err instanceof ApiError && err.kind !== "network") return describeError(err, tErrors);
    return t("request_failed");
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!status || setup.isPending || reloading) return;
    if (!status.root_init) {
      const parsed = setupRootSchema.safeParse(root);
      if (!parsed.success) {
        setErrors(toFieldErrors(parsed.error));
        return;
      }
    }
    setErrors({});
    const account = status.root_init
      ? { username: "", password: "", confirmPassword: "" }
      : { ...root, username: root.username.trim() };
    setup.mutate(
      { ...account, ...usageModeFlags(mode) },
      {
        onSuccess: () => {
          toast.success(t("success"));
          setReloading(true);
          reloadTimer.current = setTimeout(() => hardNavigate("/"), RELOAD_DELAY_MS);
        },
        onError: (err) => toast.error(failureText(err, !status.root_init)),
      },
    );
  };

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} wide>
      {statusQuery.isError ? (
        <div className="space-y-4">
          <Banner tone="danger" role="alert">
            {t("status_failed")}
          </Banner>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            loading={statusQuery.isFetching}
            onClick={() => statusQuery.refetch()}
          >
            {tCommon("retry")}
          </Button>
        </div>
      ) : !status ? (
        <p className="py-8 text-center text-sm text-muted" aria-busy>
          {tCommon("loading")}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {status.database_type === "sqlite" ? (
            <Banner tone="warning" data-testid="setup-sqlite-warning">
              <p className="font-semibold">{t("sqlite_title")}</p>
              <p className="mt-1 leading-relaxed text-muted">{t("sqlite_body")}</p>
            </Banner>
          ) : null}

          <section aria-labelledby="setup-account-heading" className="space-y-4">
            <h2 id="setup-account-heading" className="text-sm font-semibold">
              {t("account_section")}
            </h2>
            {status.root_init ? (
              <Banner tone="info" data-testid="setup-root-initialized">
                {t("root_initialized")}
              </Banner>
            ) : (
              <div className="space-y-4">
                <TextField
                  id="setup-username"
                  label={t("username")}
                  autoComplete="username"
                  placeholder={t("username_placeholder")}
                  {...bind("username")}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    id="setup-password"
                    label={t("password")}
                    hint={t("password_hint")}
                    type="password"
                    autoComplete="new-password"
                    placeholder={t("password_placeholder")}
                    {...bind("password")}
                  />
                  <TextField
                    id="setup-confirm"
                    label={t("confirm_password")}
                    type="password"
                    autoComplete="new-password"
                    placeholder={t("confirm_placeholder")}
                    {...bind("confirmPassword")}
                  />
                </div>
              </div>
            )}
          </section>

          <SetupUsageMode value={mode} onChange={setMode} />

          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={setup.isPending || reloading}
            data-testid="setup-submit"
          >
            {t("submit")}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
