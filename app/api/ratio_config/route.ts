import { route } from "@/lib/server/http/route";
import { readRatioConfig } from "@/modules/pricing/server/read-ratio-config";

// GET /api/ratio_config – our model_ratio, completion_ratio, cache_ratio and model_price for other
// instances' price sync; public, and 403 倍率配置接口未启用 until root turns ExposeRatioEnabled on
export const GET = route({ role: "public" }, () => readRatioConfig());
