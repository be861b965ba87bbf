export const playgroundKeys = {
  all: ["playground"] as const,
  models: (group: string) => [...playgroundKeys.all, "models", group] as const,
  chatKey: () => [...playgroundKeys.all, "chat-key"] as const,
};
