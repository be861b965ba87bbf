import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { registerSchema } from "@/modules/users/schemas/account";
import { humanCheckQuerySchema } from "@/modules/auth/schemas/human-check";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { registerUser } from "@/modules/auth/server/register-user";

// POST /api/user/register?turnstile= – create an ordinary account (invite code optional)
export const POST = route(
  { role: "public", critical: true, body: registerSchema, query: humanCheckQuerySchema },
  async ({ body, query, ip, t }) => {
    await assertHumanCheck(query.turnstile, ip);
    await registerUser(body);
    return envelope(null, t("register_success"));
  },
);

export type PostUserRegisterAnswer = RouteAnswer<typeof POST>;
