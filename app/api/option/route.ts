import { route, type RouteAnswer } from "@/lib/server/http/route";
import { updateOptionSchema } from "@/modules/settings/schemas";
import { listOptions } from "@/modules/settings/server/list-options";
import { updateOptions } from "@/modules/settings/server/update-option";

// GET /api/option/ – all options; secrets only as {secret, is_set}, never their value; admin
export const GET = route({ role: "admin" }, () => listOptions());

// PUT /api/option/ – set {key, value} or a list of them (all or nothing); admins only the allow-list
// of modules/settings/rules/option-access.ts, everything else root; audit-logged; admin
export const PUT = route({ role: "admin", body: updateOptionSchema }, async ({ body, user }) => {
  await updateOptions(body, user);
  return null;
});

export type ListOptionsAnswer = RouteAnswer<typeof GET>;
export type PutOptionAnswer = RouteAnswer<typeof PUT>;
