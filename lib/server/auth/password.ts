import "server-only";

import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/http/app-error";
import { bcryptCompare, bcryptHash, type PasswordCaller } from "./bcrypt-thread";

export type { PasswordCaller } from "./bcrypt-thread";

// bcrypt's default cost, as new-api (Go's bcrypt.DefaultCost): ~75 ms per hash or comparison here.
const COST = 10;
// Under jest only (NODE_ENV=test, never a server): the same algorithm at its minimum cost. At cost 10
// the hashing was 52 of the API suite's 120 s of CPU (2026-11-27); a comparison reads the cost from
// the stored hash, so tests of hashes made elsewhere still compare at their own cost.
const TEST_COST = 4;

const cost = () => (env().NODE_ENV === "test" ? TEST_COST : COST);

export function hashPassword(plain: string, who?: PasswordCaller): Promise<string> {
  return bcryptHash(plain, cost(), who);
}

/** False for a wrong password or a malformed stored hash; a busy password thread is an error (429). */
export function verifyPassword(plain: string, hash: string, who?: PasswordCaller): Promise<boolean> {
  return bcryptCompare(plain, hash, who).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    return false;
  });
}

// A bcrypt hash of a random password at the same cost, made once: a login for an unknown name (or an
// account without a password) compares against it, so it takes as long as a wrong password and the
// answer time does not tell which names exist.
let dummyHash: Promise<string> | undefined;

/** verifyPassword against the stored hash, or against the dummy hash when there is none; false then. */
export async function verifyPasswordOrDummy(
  plain: string,
  hash: string | null | undefined,
  who?: PasswordCaller,
): Promise<boolean> {
  if (hash) return verifyPassword(plain, hash, who);
  // made again next time if this one failed (a busy thread): never a failure kept for good
  dummyHash ??= bcryptHash(randomBytes(16).toString("hex"), cost(), who).catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(plain, await dummyHash, who);
  return false;
}
