"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import { deleteSelf, resetAccessToken, unbindIdentity, updateSelf } from "@/modules/profile/client/api";
import { accountKeys } from "@/modules/profile/client/keys";

/** PUT /api/user/self (display name or password); resolves with the server's message. */
export function useUpdateSelf() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSelf,
    meta: UPDATE_FAILED,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.self() }),
  });
}

export function useResetAccessToken() {
  return useMutation({ mutationFn: resetAccessToken });
}

export function useDeleteSelf() {
  return useMutation({ mutationFn: deleteSelf });
}

/** POST /api/user/unbind; the profile is re-read afterwards. */
export function useUnbindIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unbindIdentity,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.self() }),
  });
}
