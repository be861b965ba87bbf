import "server-only";

import { getOptions } from "@/lib/server/options/store";
import { isSecretOptionKey } from "@/lib/server/options/defaults";

/**
 * One entry of GET /api/option/. Ordinary options are {key, value} as in new-api. A secret option
 * (isSecretOptionKey) never carries its value: it is listed as {key, value: "", secret: true,
 * is_set} so the console can show "set / not set" next to its write-only input.
 */
export type OptionEntry = { key: string; value: string; secret?: true; is_set?: boolean };

export async function listOptions(): Promise<OptionEntry[]> {
  const options = await getOptions();
  return [...options.entries()].map(([key, value]) =>
    isSecretOptionKey(key) ? { key, value: "", secret: true, is_set: value !== "" } : { key, value },
  );
}
