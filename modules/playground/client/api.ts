// Typed calls of the playground and chat pages.
import { apiData } from "@/lib/client/api";
import type { UserModelsAnswer } from "@/app/api/user/models/route";
import { fetchTokenKey, type TokenItem } from "@/modules/tokens/client";
import { CHAT_TOKEN_FETCH_LIMIT } from "@/modules/playground/chat/chat-state";
import type { PageResult } from "@/lib/schemas/pagination";

const TOKEN_ENABLED = 1;

/** GET /api/user/models?group: the models the chosen group can reach ("" = all usable groups). */
export const fetchPlaygroundModels = (group: string, signal?: AbortSignal) =>
  apiData<UserModelsAnswer>("/api/user/models", { signal, query: { group } });

/**
 * The full key of the user's first enabled token among the first 100, or null when there is none
 * (the chat pages then send the user to create one).
 */
export async function fetchFirstEnabledTokenKey(signal?: AbortSignal): Promise<string | null> {
  const page = await apiData<PageResult<TokenItem>>("/api/token/", {
    signal,
    query: { p: 1, size: CHAT_TOKEN_FETCH_LIMIT },
  });
  const now = Date.now() / 1000;
  const token = page.items.find((t) => t.status === TOKEN_ENABLED && (t.expired_time === -1 || t.expired_time > now));
  return token ? fetchTokenKey(token.id) : null;
}
