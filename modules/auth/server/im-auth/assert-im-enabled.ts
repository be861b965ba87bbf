import "server-only";

// Refuses every WeChat/Telegram call while the admin has the provider switched off.
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption } from "@/lib/server/options/store";
import { IM_PROVIDERS, type ImProvider } from "@/modules/auth/server/im-auth/im-providers";

export async function assertImEnabled(provider: ImProvider): Promise<void> {
  const p = IM_PROVIDERS[provider];
  if (!(await getBoolOption(p.enabledOption))) throw new AppError("forbidden", p.disabled);
}
