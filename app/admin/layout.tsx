// /admin/* is for admins (role >= 10): visitors go to /login, logged-in non-admins go home.
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { requirePageAdmin } from "@/lib/page-guard";

export default async function AdminConsoleLayout({ children }: { children: ReactNode }) {
  await requirePageAdmin("/admin/settings");
  return <PageContainer>{children}</PageContainer>;
}
