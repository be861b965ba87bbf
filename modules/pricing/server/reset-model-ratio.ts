import "server-only";

// POST /api/option/rest_model_ratio: the four pricing maps back to the bundled public defaults.
import { defaultPricingOptions } from "@/modules/pricing/ratios/default-ratios";
import { setOptions } from "@/lib/server/options/store";
import { recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";

export async function resetModelRatio(actor: AdminActor): Promise<void> {
  const defaults = defaultPricingOptions();
  await setOptions(defaults);
  await recordAdminAction(actor, "reset_model_ratio", `将 ${Object.keys(defaults).join("、")} 重置为预设值`, {
    keys: Object.keys(defaults),
  });
}
