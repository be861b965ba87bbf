import "server-only";

// GET /api/user/token: a new system access token for scripts (replaces the previous one).
// Only its SHA-256 is stored; the token itself is returned once.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { hashAccessToken } from "@/lib/server/auth/current-user";

export async function generateAccessToken(userId: number): Promise<string> {
  const token = randomBytes(24).toString("base64url"); // 32 characters
  await db().user.update({ where: { id: userId }, data: { accessTokenHash: hashAccessToken(token) } });
  return token;
}
