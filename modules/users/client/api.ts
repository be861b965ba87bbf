// Typed calls of the users admin.
import { apiData, apiFetch } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";
import type { AdminUpdateUserInput } from "@/modules/users/schemas/account";
import type { CreateUserInput, ManageUserInput } from "@/modules/users/schemas/user-admin";

export type AdminUser = {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  inviter_id: number;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  remark: string;
  created_at: number;
  last_login_at: number;
  DeletedAt: string | null;
};

export type UserFilters = { page: number; pageSize: number; keyword: string; group: string };

export function fetchUsers(f: UserFilters, signal?: AbortSignal) {
  const searching = f.keyword.trim() !== "" || f.group !== "";
  return apiData<PageResult<AdminUser>>(searching ? "/api/user/search" : "/api/user/", {
    signal,
    query: { p: f.page, page_size: f.pageSize, keyword: f.keyword.trim(), group: f.group },
  });
}

export const fetchUser = (id: number, signal?: AbortSignal) => apiData<AdminUser>(`/api/user/${id}`, { signal });
/** Resolves with the server's success message (shown as is). */
export const createUser = (body: CreateUserInput) =>
  apiFetch<{ id: number }>("/api/user/", { method: "POST", body }).then((r) => r.message);
export const updateUser = (body: AdminUpdateUserInput) =>
  apiFetch<null>("/api/user/", { method: "PUT", body }).then((r) => r.message);
export const manageUser = (body: ManageUserInput) =>
  apiFetch<{ status: number; role: number }>("/api/user/manage", { method: "POST", body });
