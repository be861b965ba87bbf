// Every /app/* page needs a logged-in user.
import type { ReactNode } from "react";
import { PageContainer } from "@/components/layout/page-container";
import { requirePageUser } from "@/lib/page-guard";

export default async function UserConsoleLayout({ children }: { children: ReactNode }) {
  await requirePageUser("/app/tokens");
  return <PageContainer>{children}</PageContainer>;
}
