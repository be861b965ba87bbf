import { ArrowRight, Coins, Network, Plug } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { AppLink } from "@/components/ui/app-link";
import { BaseUrlCard } from "@/modules/content/components/home/base-url-card";
import { Button } from "@/components/ui/button";

type Props = { systemName: string; requestOrigin: string; loggedIn: boolean };

/** The default landing page, shown when the admin has not set HomePageContent. */
export async function HomeHero({ systemName, requestOrigin, loggedIn }: Props) {
  const t = await getTranslations("home");
  const features = [
    { icon: Plug, title: t("feature_compat_title"), body: t("feature_compat_body") },
    { icon: Network, title: t("feature_channels_title"), body: t("feature_channels_body") },
    { icon: Coins, title: t("feature_billing_title"), body: t("feature_billing_body") },
  ];
  return (
    <div className="relative flex-1 overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <section className="relative mx-auto flex w-full max-w-5xl flex-col items-center px-4 pt-16 pb-12 text-center min-[601px]:px-6 min-[601px]:pt-24">
        <span className="mb-5 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted shadow-sm">
          <span className="h-1.5 w-1.5 rounded-full bg-success" aria-hidden />
          {t("hero_badge")}
        </span>
        <h1 className="text-4xl font-semibold tracking-tight text-balance min-[601px]:text-5xl">{systemName}</h1>
        <p className="mt-4 max-w-2xl text-base text-pretty text-muted min-[601px]:text-lg">{t("hero_subtitle")}</p>
        <div className="mt-8 flex w-full flex-col items-center gap-2">
          <BaseUrlCard requestOrigin={requestOrigin} />
          <p className="text-xs text-muted">{t("base_url_hint")}</p>
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Button asChild size="lg">
            <AppLink href={loggedIn ? "/app/tokens" : "/login"} data-testid="get-started">
              {t("get_started")}
              <ArrowRight className="h-4 w-4" aria-hidden />
            </AppLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <AppLink href="/pricing">{t("view_pricing")}</AppLink>
          </Button>
        </div>
      </section>
      <section className="relative mx-auto grid w-full max-w-5xl gap-4 px-4 pb-16 min-[601px]:px-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <div key={title} className="rounded-xl border border-border bg-surface p-5 shadow-sm">
            <span className="mb-3 flex h-9 w-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <h2 className="font-medium">{title}</h2>
            <p className="mt-1 text-sm text-muted">{body}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
