// /user/edit and /user/edit/{id} live outside /admin, so they guard themselves: admins only
// (visitors go to /login with returnTo, non-admins home).
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { requirePageAdmin } from "@/lib/page-guard";

export default async function UserEditLayout({ children }: { children: ReactNode }) {
  await requirePageAdmin("/admin/users");
  return <PageContainer className="max-w-3xl">{children}</PageContainer>;
}
