import { getOptions } from "@/lib/server/options/store";
import { isSecretOptionKey } from "@/lib/server/options/defaults";

/** GET /api/option/: every option as {key, value}, secrets left out. */
export async function listOptions(): Promise<{ key: string; value: string }[]> {
  const options = await getOptions();
  return [...options.entries()].filter(([key]) => !isSecretOptionKey(key)).map(([key, value]) => ({ key, value }));
}
