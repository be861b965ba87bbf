export const walletKeys = {
  self: () => ["user", "self"] as const,
};
