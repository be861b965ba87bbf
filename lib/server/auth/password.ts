import "server-only";

import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";

const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash).catch(() => false);
}

// A bcrypt hash of a random password at the same cost, made once: a login for an unknown name (or an
// account without a password) compares against it, so it takes as long as a wrong password and the
// answer time does not tell which names exist.
let dummyHash: Promise<string> | undefined;

/** verifyPassword against the stored hash, or against the dummy hash when there is none; false then. */
export async function verifyPasswordOrDummy(plain: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return verifyPassword(plain, hash);
  dummyHash ??= bcrypt.hash(randomBytes(16).toString("hex"), COST);
  await verifyPassword(plain, await dummyHash);
  return false;
}
