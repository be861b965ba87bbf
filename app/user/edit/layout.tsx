// /user/edit and /user/edit/{id} live outside /app and /admin, so they guard themselves: any
// signed-in user here (visitors go to /login with returnTo); /user/edit/{id} adds the admin check.
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { requirePageUser } from "@/lib/page-guard";

export default async function UserEditLayout({ children }: { children: ReactNode }) {
  await requirePageUser("/user/edit");
  return <PageContainer className="max-w-3xl">{children}</PageContainer>;
}
