// The `?turnstile=` query parameter of the routes behind the human check:
// login, register, verification code, password reset, check-in, redeem.
import { z } from "zod";

export const humanCheckQuerySchema = z.object({ turnstile: z.string().max(4096).optional() });
export type HumanCheckQuery = z.infer<typeof humanCheckQuerySchema>;
