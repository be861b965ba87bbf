-- Issue 40: two-factor sign-in (TOTP + backup codes), passkeys, and console sessions as rows (listed,
-- ended one by one, each holding its own secure verification).

-- CreateTable
CREATE TABLE "two_fas" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "isEnabled" BOOLEAN NOT NULL DEFAULT false,
    "lastUsedStep" BIGINT NOT NULL DEFAULT 0,
    "lastUsedAt" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "two_fa_backup_codes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "isUsed" BOOLEAN NOT NULL DEFAULT false,
    "usedAt" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "passkey_credentials" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "credentialId" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "attestationType" TEXT NOT NULL DEFAULT '',
    "aaguid" TEXT NOT NULL DEFAULT '',
    "signCount" BIGINT NOT NULL DEFAULT 0,
    "backupEligible" BOOLEAN NOT NULL DEFAULT false,
    "backupState" BOOLEAN NOT NULL DEFAULT false,
    "transports" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "lastUsedAt" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "user_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "ip" TEXT NOT NULL DEFAULT '',
    "userAgent" TEXT NOT NULL DEFAULT '',
    "loginMethod" TEXT NOT NULL DEFAULT '',
    "authVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL,
    "lastSeenAt" INTEGER NOT NULL,
    "verifiedAt" INTEGER NOT NULL DEFAULT 0,
    "verifiedMethod" TEXT NOT NULL DEFAULT '',
    "passkeyReadyAt" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "two_fas_userId_key" ON "two_fas"("userId");

-- CreateIndex
CREATE INDEX "two_fa_backup_codes_userId_idx" ON "two_fa_backup_codes"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "passkey_credentials_credentialId_key" ON "passkey_credentials"("credentialId");

-- CreateIndex
CREATE INDEX "passkey_credentials_userId_idx" ON "passkey_credentials"("userId");

-- CreateIndex
CREATE INDEX "user_sessions_userId_idx" ON "user_sessions"("userId");

