import { route, type RouteAnswer } from "@/lib/server/http/route";
import { fetchPresetRatios } from "@/modules/pricing/server/fetch-preset-ratios";
import { presetRatioQuery } from "@/modules/pricing/ratios/preset-ratios";

// GET /api/option/preset_ratios?source=flexible|openrouter|mixed|legacy – the public preset ratio
// files from PresetRatioBaseUrl (not saved); admin. Failure: 200 {success:false, 获取预设倍率失败，请重试}.
export const GET = route({ role: "admin", query: presetRatioQuery }, ({ query }) => fetchPresetRatios(query.source));

export type PresetRatiosAnswer = RouteAnswer<typeof GET>;
