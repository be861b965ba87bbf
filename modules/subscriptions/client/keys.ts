export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  plans: () => [...subscriptionKeys.all, "plans"] as const,
  own: () => [...subscriptionKeys.all, "own"] as const,
  adminPlans: () => [...subscriptionKeys.all, "admin-plans"] as const,
  user: (userId: number) => [...subscriptionKeys.all, "user", userId] as const,
};
