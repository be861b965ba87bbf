import "server-only";

// GET /api/token/auto-groups: the groups a token of the caller may fall back to in the "auto" group
// and how many a token may list (new-api's GetTokenAutoGroups: the AutoGroups option, default
// ["default"], kept to the groups the caller may select: usable by its group and priced, never
// "auto"; MaxTokenAutoGroups, default 5).
import { db } from "@/lib/server/db";
import { getOptions, parseJsonOption } from "@/lib/server/options/store";

const DEFAULT_AUTO_GROUPS = ["default"];
const DEFAULT_MAX_AUTO_GROUPS = 5;

export async function listAutoGroups(userId: number): Promise<{ groups: string[]; max_count: number }> {
  const [user, options] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { group: true } }),
    getOptions(),
  ]);
  const usable = new Set(
    Object.keys(parseJsonOption<Record<string, string>>(options.get("UserUsableGroups") ?? "{}", {})),
  );
  if (user?.group) usable.add(user.group);
  const ratios = parseJsonOption<Record<string, number>>(options.get("GroupRatio") ?? "{}", {});
  const configured = parseJsonOption<unknown>(options.get("AutoGroups") ?? "", DEFAULT_AUTO_GROUPS);
  const list = Array.isArray(configured) ? configured.filter((g): g is string => typeof g === "string") : [];
  const groups = [...new Set(list)].filter((g) => g && g !== "auto" && usable.has(g) && Object.hasOwn(ratios, g));
  const max = Number(options.get("MaxTokenAutoGroups"));
  return { groups, max_count: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_AUTO_GROUPS };
}
