// /channel/add and /channel/edit/{id} live outside /admin but are admin pages: visitors go to
// /login (proxy.ts lists /channel as guarded, and this re-checks), non-admins go home.
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { requirePageAdmin } from "@/lib/page-guard";

export default async function ChannelPagesLayout({ children }: { children: ReactNode }) {
  await requirePageAdmin("/admin/channels");
  return <PageContainer>{children}</PageContainer>;
}
