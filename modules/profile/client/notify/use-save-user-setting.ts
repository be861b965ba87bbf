"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveUserSetting } from "@/modules/profile/client/notify/api";
import { selfKeys } from "@/lib/client/user-self";

/** Saves one tab's fields; the account (and so the settings shown) is re-read afterwards. */
export function useSaveUserSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUserSetting,
    // The tabs show 更新设置失败 with the cause themselves.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self() }),
  });
}
