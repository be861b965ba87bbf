// POST /api/option/rest_model_ratio: the four pricing maps back to the bundled public defaults.
import { defaultPricingOptions } from "@/lib/pricing/default-ratios";
import { setOptions } from "@/lib/server/options/store";

export async function resetModelRatio(): Promise<void> {
  await setOptions(defaultPricingOptions());
}
