import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RegisterForm } from "@/modules/auth/components/register-form";
import { RememberAffCode } from "@/modules/auth/components/remember-aff-code";
import { firstParam, type PageSearchParams } from "@/lib/page-search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("meta_title") };
}

export default async function RegisterPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  const aff = firstParam(params.aff) ?? "";
  return (
    <>
      <RememberAffCode code={aff} />
      <RegisterForm affCode={aff} />
    </>
  );
}
