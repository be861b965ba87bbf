import { envelope, route } from "@/lib/server/http/route";
import { registerSchema } from "@/lib/schemas/account";
import { registerUser } from "@/lib/server/services/users/register-user";

// POST /api/user/register – create an ordinary account (invite code optional)
export const POST = route({ role: "public", critical: true, body: registerSchema }, async ({ body, t }) => {
  await registerUser(body);
  return envelope(null, t("register_success"));
});
