"use client";

import { useEntity, usePagedList, useRefreshingMutation } from "@/lib/client/entity-queries";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import {
  createUser,
  fetchUser,
  fetchUsers,
  manageUser,
  updateUser,
  type UserFilters,
} from "@/modules/users/client/api";
import { userKeys } from "@/modules/users/client/keys";

export const useUsers = (filters: UserFilters) =>
  usePagedList(userKeys.list(filters), (signal) => fetchUsers(filters, signal));

export const useUser = (id: number | null) => useEntity(id, userKeys.detail, fetchUser);

export const useCreateUser = () => useRefreshingMutation(userKeys.all, createUser);

export const useUpdateUser = () => useRefreshingMutation(userKeys.all, updateUser, { meta: UPDATE_FAILED });

/** promote / demote / disable / enable / delete / add_quota; the list and the detail refresh after. */
export const useManageUser = () => useRefreshingMutation(userKeys.all, manageUser, { settled: true });
