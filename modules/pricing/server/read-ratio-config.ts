import "server-only";

// GET /api/ratio_config: our prices for other instances to sync from, only once root has turned
// ExposeRatioEnabled on (off by default, as new-api: prices are a business's own).
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption } from "@/lib/server/options/store";
import type { RatioMaps } from "@/modules/pricing/ratios/ratio-sync";
import { readExposedRatios } from "@/modules/pricing/server/read-exposed-ratios";

export async function readRatioConfig(): Promise<RatioMaps> {
  if (!(await getBoolOption("ExposeRatioEnabled"))) throw new AppError("forbidden", "ratio_config_disabled");
  return readExposedRatios();
}
