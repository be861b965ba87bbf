"use client";

// One save of a settings tab: the server's success text as a toast, or 更新设置失败 with the cause
// as a toast and as the form's inline error.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@/lib/client/api";
import { describeError } from "@/lib/client/describe-error";
import { useSaveUserSetting } from "@/modules/profile/client/notify/use-save-user-setting";
import type { UserSettingInput } from "@/modules/profile/schemas/user-setting";

export function useSaveSetting() {
  const t = useTranslations("notify");
  const te = useTranslations("errors");
  const save = useSaveUserSetting();
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: UserSettingInput): Promise<boolean> => {
    setError(null);
    try {
      const message = await save.mutateAsync(body);
      toast.success(message);
      return true;
    } catch (err) {
      const cause = describeError(err, te);
      // Next to the field, a refusal reads as the server's reason alone, without the 错误： prefix.
      setError(err instanceof ApiError && err.kind === "failed" && err.message ? err.message : cause);
      toast.error(t("save_failed"), { description: cause });
      return false;
    }
  };
  return { submit, saving: save.isPending, error };
}
