import { selfKeys } from "@/lib/client/user-self";

export const accountKeys = {
  // the same entry as the wallet's balance: one GET /api/user/self cache for both screens
  self: selfKeys.self,
  checkInStatus: () => ["user", "check_in_status"] as const,
  affCode: () => ["user", "aff"] as const,
};
