// Query strings of the OAuth calls.
import { z } from "zod";
import { OAUTH_PROVIDERS } from "@/modules/auth/oauth-providers";

/** GET /api/oauth/state?aff=&provider= (provider: ours, binds the state to one provider). */
export const oauthStateQuerySchema = z.object({
  aff: z.string().trim().max(32).default(""),
  provider: z.union([z.enum(OAUTH_PROVIDERS), z.literal("")]).default(""),
});

/** GET /api/oauth/{provider}?code&state (a missing value is refused by the service with its message). */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2048).default(""),
  state: z.string().max(256).default(""),
});
