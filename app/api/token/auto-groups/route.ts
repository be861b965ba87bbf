import { route } from "@/lib/server/http/route";
import { listAutoGroups } from "@/modules/tokens/server/list-auto-groups";

// GET /api/token/auto-groups – {groups, max_count}: the caller's "auto" group fallbacks
export const GET = route({ role: "user" }, ({ user }) => listAutoGroups(user.id));
