import "server-only";

// new-api's second factors (model/twofa.go, model/passkey.go) as this gateway keeps them
// (docs/security.md "Stored columns"): the TOTP secret, plain there, is sealed with CRYPTO_SECRET; backup
// codes keep their bcrypt hash (bcrypt of "XXXX-XXXX", which the sign-in checks as it is); a passkey's
// credential id and public key, raw bytes there, become base64url, its AAGUID a UUID. Rows of users not
// imported or soft-deleted (gorm's deleted_at) are skipped with the reason; a user with 2FA on keeps it.
import type { SourceRow, SourceValue } from "@/lib/server/import/source";
import {
  columnList,
  skipReason,
  type MapContext,
  type Mapped,
  type TableImport,
} from "@/lib/server/import/table-import";
import { TARGET } from "@/lib/server/import/target-tables";
import { bool, date, int, str } from "@/lib/server/import/values";

/** gorm's time.Time as unix seconds (0 when unset). */
const seconds = (v: SourceValue | undefined): number => {
  const d = date(v);
  return d ? Math.max(0, Math.floor(d.getTime() / 1000)) : 0;
};

/** Raw bytes (a BLOB) as base64url; a text column is taken as the bytes it holds. */
function base64url(v: SourceValue | undefined): string {
  if (v === null || v === undefined) return "";
  const bytes = Buffer.isBuffer(v) ? v : Buffer.from(str(v), "utf8");
  return bytes.toString("base64url");
}

/** 16 bytes as a UUID (the authenticator model), else "". */
function uuidOf(v: SourceValue | undefined): string {
  if (!Buffer.isBuffer(v) || v.length !== 16) return "";
  const h = v.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function mapTwoFa(r: SourceRow, ctx: MapContext): Mapped {
  const skip = skipReason(r, ctx, "two-factor setting");
  if (skip) return { skip };
  const secret = str(r.secret).trim().toUpperCase();
  if (!/^[A-Z2-7]{16,128}=*$/.test(secret))
    return { skip: `two-factor setting ${str(r.id)}: the secret is not base32` };
  return {
    row: {
      id: int(r.id),
      userId: int(r.user_id),
      secret: ctx.seal(secret),
      isEnabled: bool(r.is_enabled),
      lastUsedStep: 0n,
      lastUsedAt: seconds(r.last_used_at),
      createdAt: seconds(r.created_at),
      updatedAt: seconds(r.updated_at),
    },
  };
}

function mapBackupCode(r: SourceRow, ctx: MapContext): Mapped {
  const skip = skipReason(r, ctx, "backup code");
  if (skip) return { skip };
  const hash = str(r.code_hash);
  if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return { skip: `backup code ${str(r.id)}: not a bcrypt hash` };
  return {
    row: {
      id: int(r.id),
      userId: int(r.user_id),
      codeHash: hash,
      isUsed: bool(r.is_used),
      usedAt: seconds(r.used_at),
      createdAt: seconds(r.created_at),
    },
  };
}

function mapPasskey(r: SourceRow, ctx: MapContext): Mapped {
  const skip = skipReason(r, ctx, "passkey");
  if (skip) return { skip };
  const credentialId = base64url(r.credential_id);
  const publicKey = base64url(r.public_key);
  if (!credentialId || !publicKey) return { skip: `passkey ${str(r.id)}: no credential id or public key` };
  let transports = str(r.transports).trim();
  try {
    const list: unknown = JSON.parse(transports || "[]");
    transports = Array.isArray(list) ? JSON.stringify(list.filter((x) => typeof x === "string")) : "[]";
  } catch {
    transports = "[]";
  }
  return {
    row: {
      id: int(r.id),
      userId: int(r.user_id),
      credentialId,
      publicKey,
      attestationType: str(r.attestation_type).slice(0, 255),
      aaguid: uuidOf(r.aaguid),
      signCount: BigInt(Math.max(0, int(r.sign_count))),
      backupEligible: bool(r.backup_eligible),
      backupState: bool(r.backup_state),
      transports,
      name: "",
      lastUsedAt: seconds(r.last_used_at),
      createdAt: seconds(r.created_at),
    },
  };
}

export const SECURITY_TABLES: readonly TableImport[] = [
  {
    source: "two_fas",
    target: TARGET.two_fas,
    key: "id",
    columns: columnList("id user_id secret is_enabled last_used_at created_at updated_at deleted_at"),
    map: mapTwoFa,
  },
  {
    source: "two_fa_backup_codes",
    target: TARGET.two_fa_backup_codes,
    key: "id",
    columns: columnList("id user_id code_hash is_used used_at created_at deleted_at"),
    map: mapBackupCode,
  },
  {
    source: "passkey_credentials",
    target: TARGET.passkey_credentials,
    key: "id",
    columns: columnList(
      "id user_id credential_id public_key attestation_type aaguid sign_count backup_eligible backup_state transports last_used_at created_at deleted_at",
    ),
    map: mapPasskey,
  },
];
