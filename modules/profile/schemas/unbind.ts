// POST /api/user/unbind: the sign-in identities a user can detach from their account. The e-mail is
// changed (re-bound), never removed: it is how a forgotten password is reset.
import { z } from "zod";

export const UNBINDABLE = ["github", "oidc", "linuxdo", "wechat", "telegram"] as const;
export type UnbindableProvider = (typeof UNBINDABLE)[number];

export const unbindSchema = z.object({ provider: z.enum(UNBINDABLE, "unbind_unknown_provider") });
export type UnbindInput = z.infer<typeof unbindSchema>;
