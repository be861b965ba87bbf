// React Query keys of the pre-login screens; never inline string keys in components.
export const authKeys = {
  all: ["auth"] as const,
  setupStatus: () => [...authKeys.all, "setup-status"] as const,
};
