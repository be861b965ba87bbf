import { walletKeys } from "@/modules/wallet/client/keys";

export const accountKeys = {
  // the same entry as the wallet's balance: one GET /api/user/self cache for both screens
  self: walletKeys.self,
  checkInStatus: () => ["user", "check_in_status"] as const,
  affCode: () => ["user", "aff"] as const,
};
