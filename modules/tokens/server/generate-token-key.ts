import "server-only";

import { randomInt } from "node:crypto";
import { seal, sha256Hex } from "@/lib/server/crypto/secret-box";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const TOKEN_KEY_LENGTH = 48;

/** A new token key (48 characters from [0-9a-zA-Z], crypto-random) and its stored forms. */
export function generateTokenKey() {
  const key = Array.from({ length: TOKEN_KEY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return { key, keyHash: sha256Hex(key), keyCipher: seal(key), keyPrefix: key.slice(0, 4), keySuffix: key.slice(-4) };
}
