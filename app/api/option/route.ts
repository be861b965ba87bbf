import { route } from "@/lib/server/http/route";
import { updateOptionSchema } from "@/lib/schemas/option";
import { listOptions } from "@/lib/server/services/options/list-options";
import { updateOption } from "@/lib/server/services/options/update-option";

// GET /api/option/ – all options; secrets only as {secret, is_set}, never their value; admin
export const GET = route({ role: "admin" }, () => listOptions());

// PUT /api/option/ – set one option {key, value}, validated by key; secret keys root only; admin
export const PUT = route({ role: "admin", body: updateOptionSchema }, async ({ body, user }) => {
  await updateOption(body, user);
  return null;
});
