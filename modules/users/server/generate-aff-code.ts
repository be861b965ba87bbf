import "server-only";

import { randomInt } from "node:crypto";
import { db, type Prisma } from "@/lib/server/db";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

/** A fresh 4-character invite code that no user has yet. */
export async function generateAffCode(tx: Prisma.TransactionClient = db()): Promise<string> {
  for (let length = 4; ; length++) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
      if (!(await tx.user.findUnique({ where: { affCode: code }, select: { id: true } }))) return code;
    }
  }
}
