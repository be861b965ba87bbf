import { route, type RouteAnswer } from "@/lib/server/http/route";
import { setupBodySchema } from "@/modules/users/schemas/account";
import { getSetupStatus } from "@/modules/auth/server/setup/get-setup-status";
import { initializeSetup } from "@/modules/auth/server/setup/initialize-setup";
import { envelope } from "@/lib/server/http/route";

// GET /api/setup – whether setup is done, whether root exists, which database
export const GET = route({ role: "public" }, () => getSetupStatus());

// POST /api/setup – create the root account and choose the usage mode (once)
export const POST = route({ role: "public", critical: true, body: setupBodySchema }, async ({ body, t }) => {
  await initializeSetup(body);
  return envelope(null, t("setup_success"));
});

export type GetSetupAnswer = RouteAnswer<typeof GET>;
export type PostSetupAnswer = RouteAnswer<typeof POST>;
