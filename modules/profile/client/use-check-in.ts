"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { checkIn, fetchCheckInStatus } from "@/modules/profile/client/api";
import { accountKeys } from "@/modules/profile/client/keys";

export function useCheckInStatus(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.checkInStatus(),
    queryFn: ({ signal }) => fetchCheckInStatus(signal),
    enabled,
    staleTime: 0,
  });
}

/** Checks in; the state and the balance are re-read afterwards, success or not. */
export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    // the card shows its own failure text (签到失败，请稍后再试) instead of the global toast
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: accountKeys.checkInStatus() }),
        client.invalidateQueries({ queryKey: accountKeys.self() }),
      ]),
  });
}
