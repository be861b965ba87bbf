import "server-only";

// The password a reset hands out: 16 characters from an alphabet without look-alikes (0/O, 1/l/I),
// drawn with a CSPRNG; always within the 8–20 characters a password may have.
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
export const RESET_PASSWORD_LENGTH = 16;

export function randomPassword(length = RESET_PASSWORD_LENGTH): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
