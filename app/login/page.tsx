import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/modules/auth/components/login-form";
import { firstParam, type PageSearchParams } from "@/lib/page-search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("meta_title") };
}

export default async function LoginPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  return <LoginForm returnTo={firstParam(params.returnTo)} expired={firstParam(params.expired) === "true"} />;
}
