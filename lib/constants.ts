// Isomorphic constants shared by the server and the console.
export const ROLE = { guest: 0, user: 1, admin: 10, root: 100 } as const;
export const USER_STATUS = { enabled: 1, disabled: 2 } as const;
export const QUOTA_PER_UNIT_DEFAULT = 500_000;
export const ROOT_INITIAL_QUOTA = 100_000_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const USERNAME_MAX = 20;
export const SETUP_USERNAME_MAX = 12;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const UNREAD_POLL_MS = 30_000;
export const MOBILE_MAX_WIDTH = 600;
