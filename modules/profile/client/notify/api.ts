// PUT /api/user/setting: each settings tab sends its own fields; the answer's message
// is the server's success text.
import { apiFetch } from "@/lib/client/api";
import type { UserSettingInput } from "@/modules/profile/schemas/user-setting";

export const saveUserSetting = (body: UserSettingInput) =>
  apiFetch<null>("/api/user/setting", { method: "PUT", body }).then((r) => r.message);
