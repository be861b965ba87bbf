"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import {
  createUser,
  fetchGroups,
  fetchUser,
  fetchUsers,
  manageUser,
  updateUser,
  type UserFilters,
} from "@/modules/accounts/client/users/api";
import { userKeys } from "@/modules/accounts/client/users/keys";

export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) => fetchUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchUser(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useGroups() {
  return useQuery({ queryKey: userKeys.groups(), queryFn: ({ signal }) => fetchGroups(signal) });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidate() });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateUser, meta: UPDATE_FAILED, onSuccess: () => invalidate() });
}

/** promote / demote / disable / enable / delete / add_quota; the list and the detail refresh after. */
export function useManageUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: manageUser, onSettled: () => invalidate() });
}
