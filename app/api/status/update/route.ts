import { route, type RouteAnswer } from "@/lib/server/http/route";
import { checkUpdate } from "@/modules/settings/server/check-update";

// GET /api/status/update – the latest release at UpdateCheckUrl compared with our version; public
// (the about page), answers cached server-side. Failure (host unreachable, bad answer): 200 {success:false, 检查更新失败，请稍后再试}.
export const GET = route({ role: "public" }, () => checkUpdate());

export type UpdateInfoAnswer = RouteAnswer<typeof GET>;
