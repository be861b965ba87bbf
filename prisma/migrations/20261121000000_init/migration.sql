-- CreateTable
CREATE TABLE "users" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "username" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "displayName" TEXT NOT NULL DEFAULT '',
    "role" INTEGER NOT NULL DEFAULT 1,
    "status" INTEGER NOT NULL DEFAULT 1,
    "email" TEXT NOT NULL DEFAULT '',
    "githubId" TEXT NOT NULL DEFAULT '',
    "oidcId" TEXT NOT NULL DEFAULT '',
    "wechatId" TEXT NOT NULL DEFAULT '',
    "telegramId" TEXT NOT NULL DEFAULT '',
    "linuxDoId" TEXT NOT NULL DEFAULT '',
    "accessTokenHash" TEXT,
    "quota" BIGINT NOT NULL DEFAULT 0,
    "usedQuota" BIGINT NOT NULL DEFAULT 0,
    "requestCount" INTEGER NOT NULL DEFAULT 0,
    "group" TEXT NOT NULL DEFAULT 'default',
    "affCode" TEXT,
    "affCount" INTEGER NOT NULL DEFAULT 0,
    "affQuota" BIGINT NOT NULL DEFAULT 0,
    "affHistoryQuota" BIGINT NOT NULL DEFAULT 0,
    "inviterId" INTEGER NOT NULL DEFAULT 0,
    "setting" TEXT NOT NULL DEFAULT '{}',
    "remark" TEXT NOT NULL DEFAULT '',
    "authVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL DEFAULT 0,
    "lastLoginAt" INTEGER NOT NULL DEFAULT 0,
    "deletedAt" DATETIME
);

-- CreateTable
CREATE TABLE "options" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "tokens" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "keyHash" TEXT NOT NULL,
    "keyCipher" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL DEFAULT '',
    "keySuffix" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL DEFAULT 1,
    "createdTime" INTEGER NOT NULL DEFAULT 0,
    "accessedTime" INTEGER NOT NULL DEFAULT 0,
    "expiredTime" BIGINT NOT NULL DEFAULT -1,
    "remainQuota" BIGINT NOT NULL DEFAULT 0,
    "usedQuota" BIGINT NOT NULL DEFAULT 0,
    "unlimitedQuota" BOOLEAN NOT NULL DEFAULT false,
    "modelLimitsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "modelLimits" TEXT NOT NULL DEFAULT '',
    "allowIps" TEXT NOT NULL DEFAULT '',
    "group" TEXT NOT NULL DEFAULT '',
    "rateLimitEnabled" BOOLEAN NOT NULL DEFAULT false,
    "rateLimitPeriod" INTEGER NOT NULL DEFAULT 60,
    "rateLimitCount" INTEGER NOT NULL DEFAULT 1000,
    "rateLimitSuccess" INTEGER NOT NULL DEFAULT 10,
    "deletedAt" DATETIME,
    CONSTRAINT "tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "channels" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" INTEGER NOT NULL DEFAULT 1,
    "key" TEXT NOT NULL DEFAULT '',
    "openaiOrganization" TEXT NOT NULL DEFAULT '',
    "testModel" TEXT NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT NOT NULL DEFAULT '',
    "weight" INTEGER NOT NULL DEFAULT 0,
    "createdTime" INTEGER NOT NULL DEFAULT 0,
    "testTime" INTEGER NOT NULL DEFAULT 0,
    "responseTime" INTEGER NOT NULL DEFAULT 0,
    "baseUrl" TEXT NOT NULL DEFAULT '',
    "other" TEXT NOT NULL DEFAULT '',
    "balance" REAL NOT NULL DEFAULT 0,
    "balanceUpdatedTime" INTEGER NOT NULL DEFAULT 0,
    "models" TEXT NOT NULL DEFAULT '',
    "group" TEXT NOT NULL DEFAULT 'default',
    "usedQuota" BIGINT NOT NULL DEFAULT 0,
    "modelMapping" TEXT NOT NULL DEFAULT '',
    "statusCodeMapping" TEXT NOT NULL DEFAULT '',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "autoBan" INTEGER NOT NULL DEFAULT 1,
    "otherInfo" TEXT NOT NULL DEFAULT '',
    "tag" TEXT NOT NULL DEFAULT '',
    "setting" TEXT NOT NULL DEFAULT '',
    "paramOverride" TEXT NOT NULL DEFAULT '',
    "headerOverride" TEXT NOT NULL DEFAULT '',
    "systemPrompt" TEXT NOT NULL DEFAULT '',
    "modelPrefix" TEXT NOT NULL DEFAULT '',
    "maxInputTokens" INTEGER NOT NULL DEFAULT 0,
    "expiredTime" BIGINT NOT NULL DEFAULT 0,
    "remark" TEXT NOT NULL DEFAULT '',
    "channelInfo" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "abilities" (
    "group" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "channelId" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "tag" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("group", "model", "channelId"),
    CONSTRAINT "abilities_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "channels" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "redemptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL DEFAULT 0,
    "key" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT NOT NULL DEFAULT '',
    "quota" BIGINT NOT NULL DEFAULT 100000,
    "createdTime" INTEGER NOT NULL DEFAULT 0,
    "redeemedTime" INTEGER NOT NULL DEFAULT 0,
    "usedUserId" INTEGER NOT NULL DEFAULT 0,
    "isGift" BOOLEAN NOT NULL DEFAULT false,
    "maxUses" INTEGER NOT NULL DEFAULT 1,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "validFrom" BIGINT NOT NULL DEFAULT 0,
    "validUntil" BIGINT NOT NULL DEFAULT 0,
    "deletedAt" DATETIME
);

-- CreateTable
CREATE TABLE "redemption_uses" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "redemptionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "quota" BIGINT NOT NULL,
    "createdAt" INTEGER NOT NULL,
    CONSTRAINT "redemption_uses_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "redemptions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "logs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "userId" INTEGER NOT NULL DEFAULT 0,
    "username" TEXT NOT NULL DEFAULT '',
    "tokenName" TEXT NOT NULL DEFAULT '',
    "tokenId" INTEGER NOT NULL DEFAULT 0,
    "modelName" TEXT NOT NULL DEFAULT '',
    "quota" BIGINT NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "useTime" INTEGER NOT NULL DEFAULT 0,
    "isStream" BOOLEAN NOT NULL DEFAULT false,
    "channelId" INTEGER NOT NULL DEFAULT 0,
    "group" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',
    "requestId" TEXT NOT NULL DEFAULT '',
    "upstreamRequestId" TEXT NOT NULL DEFAULT '',
    "other" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "quota_data" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "username" TEXT NOT NULL DEFAULT '',
    "modelName" TEXT NOT NULL DEFAULT '',
    "createdAt" INTEGER NOT NULL,
    "useGroup" TEXT NOT NULL DEFAULT '',
    "tokenId" INTEGER NOT NULL DEFAULT 0,
    "channelId" INTEGER NOT NULL DEFAULT 0,
    "nodeName" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "quota" BIGINT NOT NULL DEFAULT 0,
    "tokenUsed" BIGINT NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "top_ups" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL DEFAULT 0,
    "money" REAL NOT NULL DEFAULT 0,
    "tradeNo" TEXT NOT NULL,
    "paymentMethod" TEXT NOT NULL DEFAULT '',
    "paymentProvider" TEXT NOT NULL DEFAULT 'epay',
    "createTime" INTEGER NOT NULL DEFAULT 0,
    "completeTime" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    CONSTRAINT "top_ups_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "midjourneys" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" INTEGER NOT NULL DEFAULT 0,
    "userId" INTEGER NOT NULL DEFAULT 0,
    "action" TEXT NOT NULL DEFAULT '',
    "mjId" TEXT NOT NULL DEFAULT '',
    "prompt" TEXT NOT NULL DEFAULT '',
    "promptEn" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT '',
    "submitTime" BIGINT NOT NULL DEFAULT 0,
    "startTime" BIGINT NOT NULL DEFAULT 0,
    "finishTime" BIGINT NOT NULL DEFAULT 0,
    "imageUrl" TEXT NOT NULL DEFAULT '',
    "videoUrl" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT '',
    "progress" TEXT NOT NULL DEFAULT '',
    "failReason" TEXT NOT NULL DEFAULT '',
    "channelId" INTEGER NOT NULL DEFAULT 0,
    "quota" BIGINT NOT NULL DEFAULT 0,
    "buttons" TEXT NOT NULL DEFAULT '',
    "properties" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" INTEGER NOT NULL DEFAULT 0,
    "taskId" TEXT NOT NULL DEFAULT '',
    "platform" TEXT NOT NULL DEFAULT '',
    "userId" INTEGER NOT NULL DEFAULT 0,
    "group" TEXT NOT NULL DEFAULT '',
    "channelId" INTEGER NOT NULL DEFAULT 0,
    "quota" BIGINT NOT NULL DEFAULT 0,
    "action" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT '',
    "failReason" TEXT NOT NULL DEFAULT '',
    "submitTime" BIGINT NOT NULL DEFAULT 0,
    "startTime" BIGINT NOT NULL DEFAULT 0,
    "finishTime" BIGINT NOT NULL DEFAULT 0,
    "progress" TEXT NOT NULL DEFAULT '',
    "properties" TEXT NOT NULL DEFAULT '',
    "data" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'markdown',
    "createdBy" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME
);

-- CreateTable
CREATE TABLE "message_recipients" (
    "messageId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "readAt" DATETIME,

    PRIMARY KEY ("messageId", "userId"),
    CONSTRAINT "message_recipients_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "messages" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "message_recipients_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "checkins" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "checkinDate" TEXT NOT NULL,
    "quotaAwarded" BIGINT NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL,
    CONSTRAINT "checkins_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "setups" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" TEXT NOT NULL DEFAULT '',
    "initializedAt" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "verification_codes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "purpose" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '',
    "expiresAt" INTEGER NOT NULL,
    "usedAt" INTEGER NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "users_accessTokenHash_key" ON "users"("accessTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "users_affCode_key" ON "users"("affCode");

-- CreateIndex
CREATE INDEX "users_displayName_idx" ON "users"("displayName");

-- CreateIndex
CREATE INDEX "users_email_idx" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_githubId_idx" ON "users"("githubId");

-- CreateIndex
CREATE INDEX "users_oidcId_idx" ON "users"("oidcId");

-- CreateIndex
CREATE INDEX "users_wechatId_idx" ON "users"("wechatId");

-- CreateIndex
CREATE INDEX "users_telegramId_idx" ON "users"("telegramId");

-- CreateIndex
CREATE INDEX "users_linuxDoId_idx" ON "users"("linuxDoId");

-- CreateIndex
CREATE INDEX "users_inviterId_idx" ON "users"("inviterId");

-- CreateIndex
CREATE INDEX "users_group_idx" ON "users"("group");

-- CreateIndex
CREATE INDEX "users_deletedAt_idx" ON "users"("deletedAt");

-- CreateIndex
CREATE UNIQUE INDEX "tokens_keyHash_key" ON "tokens"("keyHash");

-- CreateIndex
CREATE INDEX "tokens_userId_idx" ON "tokens"("userId");

-- CreateIndex
CREATE INDEX "tokens_name_idx" ON "tokens"("name");

-- CreateIndex
CREATE INDEX "tokens_keyPrefix_idx" ON "tokens"("keyPrefix");

-- CreateIndex
CREATE INDEX "tokens_deletedAt_idx" ON "tokens"("deletedAt");

-- CreateIndex
CREATE INDEX "channels_name_idx" ON "channels"("name");

-- CreateIndex
CREATE INDEX "channels_tag_idx" ON "channels"("tag");

-- CreateIndex
CREATE INDEX "channels_status_idx" ON "channels"("status");

-- CreateIndex
CREATE INDEX "channels_type_idx" ON "channels"("type");

-- CreateIndex
CREATE INDEX "abilities_channelId_idx" ON "abilities"("channelId");

-- CreateIndex
CREATE INDEX "abilities_priority_idx" ON "abilities"("priority");

-- CreateIndex
CREATE INDEX "abilities_weight_idx" ON "abilities"("weight");

-- CreateIndex
CREATE INDEX "abilities_tag_idx" ON "abilities"("tag");

-- CreateIndex
CREATE UNIQUE INDEX "redemptions_key_key" ON "redemptions"("key");

-- CreateIndex
CREATE INDEX "redemptions_name_idx" ON "redemptions"("name");

-- CreateIndex
CREATE INDEX "redemptions_status_idx" ON "redemptions"("status");

-- CreateIndex
CREATE INDEX "redemption_uses_userId_idx" ON "redemption_uses"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "redemption_uses_redemptionId_userId_key" ON "redemption_uses"("redemptionId", "userId");

-- CreateIndex
CREATE INDEX "logs_createdAt_id_idx" ON "logs"("createdAt", "id");

-- CreateIndex
CREATE INDEX "logs_userId_id_idx" ON "logs"("userId", "id");

-- CreateIndex
CREATE INDEX "logs_createdAt_type_idx" ON "logs"("createdAt", "type");

-- CreateIndex
CREATE INDEX "logs_userId_createdAt_idx" ON "logs"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "logs_modelName_username_idx" ON "logs"("modelName", "username");

-- CreateIndex
CREATE INDEX "logs_username_idx" ON "logs"("username");

-- CreateIndex
CREATE INDEX "logs_tokenName_idx" ON "logs"("tokenName");

-- CreateIndex
CREATE INDEX "logs_tokenId_idx" ON "logs"("tokenId");

-- CreateIndex
CREATE INDEX "logs_modelName_idx" ON "logs"("modelName");

-- CreateIndex
CREATE INDEX "logs_channelId_idx" ON "logs"("channelId");

-- CreateIndex
CREATE INDEX "logs_group_idx" ON "logs"("group");

-- CreateIndex
CREATE INDEX "logs_type_idx" ON "logs"("type");

-- CreateIndex
CREATE INDEX "logs_requestId_idx" ON "logs"("requestId");

-- CreateIndex
CREATE INDEX "quota_data_createdAt_idx" ON "quota_data"("createdAt");

-- CreateIndex
CREATE INDEX "quota_data_modelName_username_idx" ON "quota_data"("modelName", "username");

-- CreateIndex
CREATE INDEX "quota_data_username_idx" ON "quota_data"("username");

-- CreateIndex
CREATE INDEX "quota_data_tokenId_idx" ON "quota_data"("tokenId");

-- CreateIndex
CREATE INDEX "quota_data_channelId_idx" ON "quota_data"("channelId");

-- CreateIndex
CREATE UNIQUE INDEX "quota_data_userId_modelName_createdAt_useGroup_tokenId_channelId_nodeName_key" ON "quota_data"("userId", "modelName", "createdAt", "useGroup", "tokenId", "channelId", "nodeName");

-- CreateIndex
CREATE UNIQUE INDEX "top_ups_tradeNo_key" ON "top_ups"("tradeNo");

-- CreateIndex
CREATE INDEX "top_ups_userId_idx" ON "top_ups"("userId");

-- CreateIndex
CREATE INDEX "top_ups_status_idx" ON "top_ups"("status");

-- CreateIndex
CREATE INDEX "midjourneys_userId_idx" ON "midjourneys"("userId");

-- CreateIndex
CREATE INDEX "midjourneys_mjId_idx" ON "midjourneys"("mjId");

-- CreateIndex
CREATE INDEX "midjourneys_channelId_idx" ON "midjourneys"("channelId");

-- CreateIndex
CREATE INDEX "midjourneys_submitTime_idx" ON "midjourneys"("submitTime");

-- CreateIndex
CREATE INDEX "tasks_taskId_idx" ON "tasks"("taskId");

-- CreateIndex
CREATE INDEX "tasks_userId_idx" ON "tasks"("userId");

-- CreateIndex
CREATE INDEX "tasks_channelId_idx" ON "tasks"("channelId");

-- CreateIndex
CREATE INDEX "tasks_submitTime_idx" ON "tasks"("submitTime");

-- CreateIndex
CREATE INDEX "messages_createdAt_idx" ON "messages"("createdAt");

-- CreateIndex
CREATE INDEX "message_recipients_userId_readAt_idx" ON "message_recipients"("userId", "readAt");

-- CreateIndex
CREATE UNIQUE INDEX "checkins_userId_checkinDate_key" ON "checkins"("userId", "checkinDate");

-- CreateIndex
CREATE INDEX "verification_codes_purpose_target_idx" ON "verification_codes"("purpose", "target");

-- CreateIndex
CREATE INDEX "verification_codes_expiresAt_idx" ON "verification_codes"("expiresAt");

