// Most console pages are a translated header over one client component; the route files name only
// their messages and their body, so a page's title, tab title and description cannot drift apart.
import type { Metadata } from "next";
import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ComponentType } from "react";
import { PageContainer, PageHeader } from "@/components/layout/page-container";

/** A full message path ("users.title"). */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/** generateMetadata for a page whose tab title is one message. */
export function titleMetadata(title: MessageKey) {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations();
    return { title: t(title) };
  };
}

/**
 * The default export of a page that is a header over `Body`; `contained` wraps it in the content
 * column for pages outside the console shell (which supplies the column itself).
 */
export function headedPage(
  Body: ComponentType,
  { title, description, contained = false }: { title: MessageKey; description: MessageKey; contained?: boolean },
) {
  return async function HeadedPage() {
    const t = await getTranslations();
    const page = (
      <>
        <PageHeader title={t(title)} description={t(description)} />
        <Body />
      </>
    );
    return contained ? <PageContainer>{page}</PageContainer> : page;
  };
}
