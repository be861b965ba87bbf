// Isomorphic constants shared by the server and the console.
export const ROLE = { guest: 0, user: 1, admin: 10, root: 100 } as const;
export const USER_STATUS = { enabled: 1, disabled: 2 } as const;
/** Token status (new-api's numbers): 3 and 4 are set by the relay when a token runs out. */
export const TOKEN_STATUS = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
/** Channel status: 2 = disabled by an admin, 3 = disabled automatically after upstream faults. */
export const CHANNEL_STATUS = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;
/** Redemption code status: 3 = used up. */
export const REDEMPTION_STATUS = { unused: 1, disabled: 2, used: 3 } as const;
/** Online top-up order status (the wallet writes it; the inviter's reward counts paid orders). */
export const TOPUP_STATUS = { pending: "pending", success: "success", failed: "failed", expired: "expired" } as const;
/** Log row type (new-api's numbers): consume rows come from the relay, the others from the console. */
export const LOG_TYPE = { topup: 1, consume: 2, manage: 3, system: 4, checkin: 5, error: 6, refund: 7 } as const;
/** The log list's type filter value for "any type" (never stored on a row). */
export const LOG_TYPE_ANY = 0;
/** How a model is priced (GET /api/pricing quota_type): per token through its ratios, or per call. */
export const QUOTA_TYPE = { perToken: 0, perCall: 1 } as const;
export type QuotaType = (typeof QUOTA_TYPE)[keyof typeof QUOTA_TYPE];
export const QUOTA_PER_UNIT_DEFAULT = 500_000;
export const ROOT_INITIAL_QUOTA = 100_000_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const USERNAME_MAX = 20;
export const SETUP_USERNAME_MAX = 12;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const UNREAD_POLL_MS = 30_000;
export const MOBILE_MAX_WIDTH = 600;
