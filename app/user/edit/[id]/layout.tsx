// /user/edit/{id} edits another user: admins only (non-admins go home).
import type { ReactNode } from "react";
import { requirePageAdmin } from "@/lib/page-guard";

export default async function UserEditByIdLayout({ children }: { children: ReactNode }) {
  await requirePageAdmin("/admin/users");
  return children;
}
