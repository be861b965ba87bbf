export const settingsKeys = {
  all: ["settings"] as const,
  options: () => [...settingsKeys.all, "options"] as const,
  modelMapping: () => [...settingsKeys.all, "model-mapping"] as const,
  enabledModels: () => ["channel", "models-enabled"] as const,
};
