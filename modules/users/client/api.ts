// Typed calls of the users admin.
import { apiData, apiFetch } from "@/lib/client/api";
import type { ListUsersAnswer } from "@/app/api/user/route";
import type { SearchUsersAnswer } from "@/app/api/user/search/route";
import type { AdminUpdateUserInput } from "@/modules/users/schemas/account";
import type { CreateUserInput, ManageUserInput } from "@/modules/users/schemas/user-admin";

/** A user as GET /api/user/ and /api/user/search list it (the route's answer type). */
export type AdminUser = ListUsersAnswer["items"][number];
export type UserFilters = { page: number; pageSize: number; keyword: string; group: string };

export function fetchUsers(f: UserFilters, signal?: AbortSignal) {
  const searching = f.keyword.trim() !== "" || f.group !== "";
  return apiData<ListUsersAnswer | SearchUsersAnswer>(searching ? "/api/user/search" : "/api/user/", {
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
