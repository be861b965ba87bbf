import { route } from "@/lib/server/http/route";
import { updateOptionSchema } from "@/lib/schemas/option";
import { listOptions } from "@/lib/server/services/options/list-options";
import { updateOption } from "@/lib/server/services/options/update-option";

// GET /api/option/ – all options (secrets omitted); root only
export const GET = route({ role: "root" }, () => listOptions());

// PUT /api/option/ – set one option {key, value}; root only
export const PUT = route({ role: "root", body: updateOptionSchema }, async ({ body }) => {
  await updateOption(body);
  return null;
});
