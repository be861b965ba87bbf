// POST /api/token/batch and /api/token/batch/keys {ids}: new-api's TokenBatch. Fetching keys takes
// at most 100 ids per call (new-api's limit); deleting, as many as a page of tokens can select.
import { z } from "zod";

const tokenIds = (max: number, tooMany: string) =>
  z
    .array(z.number().int().positive().max(2_147_483_647), { error: "token_batch_ids_required" })
    .min(1, "token_batch_ids_required")
    .max(max, tooMany);

export const TOKEN_KEYS_BATCH_MAX = 100;

export const deleteTokensSchema = z.object({ ids: tokenIds(10_000, "token_batch_ids_required") });
export const tokenKeysSchema = z.object({ ids: tokenIds(TOKEN_KEYS_BATCH_MAX, "token_batch_too_many") });
