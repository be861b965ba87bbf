// /playground: try models in a chat; guarded.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaygroundLoader } from "@/modules/playground/components/playground-loader";
import { requirePageUser } from "@/lib/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("playground");
  return { title: t("title") };
}

export default async function PlaygroundPage() {
  await requirePageUser("/playground");
  return <PlaygroundLoader />;
}
