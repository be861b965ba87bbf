import "server-only";

// Stored passkeys as @simplewebauthn reads them, and the update after an accepted assertion: the
// signature counter must grow (when the authenticator counts; the library refuses one that does
// not), and it is written with a conditional update so two concurrent uses of one assertion cannot
// both pass.
import type { AuthenticatorTransport, WebAuthnCredential } from "@simplewebauthn/server";
import { db } from "@/lib/server/db";

type Row = { credentialId: string; publicKey: string; signCount: bigint; transports: string };

export function credentialOf(row: Row): WebAuthnCredential {
  let transports: AuthenticatorTransport[] | undefined;
  try {
    transports = row.transports ? (JSON.parse(row.transports) as AuthenticatorTransport[]) : undefined;
  } catch {
    transports = undefined;
  }
  return {
    id: row.credentialId,
    publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
    counter: Number(row.signCount),
    transports,
  };
}

/** Records a use; false when another request moved the counter first (a replay racing the original). */
export async function recordUse(row: { id: number; signCount: bigint }, newCounter: number): Promise<boolean> {
  const res = await db().passkeyCredential.updateMany({
    where: { id: row.id, signCount: row.signCount },
    data: { signCount: BigInt(newCounter), lastUsedAt: Math.floor(Date.now() / 1000) },
  });
  return res.count === 1;
}
