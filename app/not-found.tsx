// Any unknown path: rendered inside the root layout, so the console shell stays around it.
import { getTranslations } from "next-intl/server";
import { AppLink } from "@/components/ui/app-link";
import { Button } from "@/components/ui/button";

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center" data-testid="not-found">
      <p className="font-mono text-6xl font-semibold tracking-tight text-primary/80">{t("home.not_found_code")}</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{t("home.not_found_title")}</h1>
      <p className="mt-2 max-w-md text-sm text-muted">{t("home.not_found_body")}</p>
      <Button asChild className="mt-8">
        <AppLink href="/">{t("common.back_home")}</AppLink>
      </Button>
    </div>
  );
}
