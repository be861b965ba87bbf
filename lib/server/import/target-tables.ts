import "server-only";

// The tables the importer writes, with the column kinds each engine needs converted (Prisma's column
// names are the schema's field names: prisma/schema.prisma). A column left out takes its default.
export type ColumnKind = "int" | "bigint" | "bool" | "text" | "float" | "date";
export type TargetValue = string | number | bigint | boolean | Date | null;
export type TargetRow = Record<string, TargetValue>;
export type TargetTable = {
  name: string;
  columns: ReadonlyArray<readonly [string, ColumnKind]>;
  serialId: boolean;
  /** An ON CONFLICT clause (the same in SQLite and PostgreSQL) for tables a fresh install may already hold rows of. */
  onConflict?: string;
  /**
   * Rows equal on `key` are one row, `sum` added up: merged within a page before the insert
   * (PostgreSQL refuses one statement that updates a row twice), across pages by onConflict.
   */
  merge?: { key: readonly string[]; sum: readonly string[] };
};

const t = (
  name: string,
  spec: string,
  serialId = true,
  onConflict?: string,
  merge?: TargetTable["merge"],
): TargetTable => ({
  name,
  serialId,
  onConflict,
  merge,
  columns: spec
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => {
      const [col, kind = "text"] = c.split(":");
      return [col!, kind as ColumnKind] as const;
    }),
});

export const TARGET = {
  users: t(
    "users",
    `id:int username password displayName role:int status:int email githubId oidcId wechatId telegramId
    linuxDoId accessTokenHash quota:bigint usedQuota:bigint requestCount:int group affCode affCount:int affQuota:bigint
    affHistoryQuota:bigint inviterId:int setting remark createdAt:int lastLoginAt:int deletedAt:date`,
  ),
  tokens: t(
    "tokens",
    `id:int userId:int keyHash keyCipher keyPrefix keySuffix name status:int createdTime:int accessedTime:int
    expiredTime:bigint remainQuota:bigint usedQuota:bigint unlimitedQuota:bool modelLimitsEnabled:bool modelLimits allowIps
    group deletedAt:date`,
  ),
  checkins: t("checkins", "id:int userId:int checkinDate quotaAwarded:bigint createdAt:int"),
  top_ups: t(
    "top_ups",
    `id:int userId:int amount:bigint money:float tradeNo paymentMethod paymentProvider createTime:int
    completeTime:int status`,
  ),
  channels: t(
    "channels",
    `id:int type:int key openaiOrganization testModel status:int name weight:int createdTime:int
    testTime:int responseTime:int baseUrl other balance:float balanceUpdatedTime:int models group usedQuota:bigint
    modelMapping statusCodeMapping priority:int autoBan:int otherInfo tag setting paramOverride headerOverride systemPrompt
    remark channelInfo`,
  ),
  abilities: t("abilities", "group model channelId:int enabled:bool priority:int weight:int tag", false),
  // A fresh installation may hold options already (written by an operator's env or a test template).
  options: t("options", "key value", false, 'ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value"'),
  redemptions: t(
    "redemptions",
    `id:int userId:int key status:int name quota:bigint createdTime:int redeemedTime:int
    usedUserId:int maxUses:int usedCount:int validUntil:bigint deletedAt:date`,
  ),
  redemption_uses: t("redemption_uses", "redemptionId:int userId:int quota:bigint createdAt:int", false),
  logs: t(
    "logs",
    `id:int createdAt:int type:int content userId:int username tokenName tokenId:int modelName quota:bigint
    promptTokens:int completionTokens:int useTime:int isStream:bool channelId:int group ip requestId upstreamRequestId other`,
  ),
  quota_data: t(
    "quota_data",
    `id:int userId:int username modelName createdAt:int useGroup tokenId:int channelId:int nodeName
    count:int quota:bigint tokenUsed:bigint`,
    true,
    // Two source rows in one of our buckets (our key adds no column new-api lacks, but a copy may hold both): summed.
    `ON CONFLICT ("userId", "modelName", "createdAt", "useGroup", "tokenId", "channelId", "nodeName") DO UPDATE SET
    "count" = "quota_data"."count" + excluded."count", "quota" = "quota_data"."quota" + excluded."quota",
    "tokenUsed" = "quota_data"."tokenUsed" + excluded."tokenUsed"`,
    {
      key: ["userId", "modelName", "createdAt", "useGroup", "tokenId", "channelId", "nodeName"],
      sum: ["count", "quota", "tokenUsed"],
    },
  ),
  midjourneys: t(
    "midjourneys",
    `id:int code:int userId:int action mjId prompt promptEn description state submitTime:bigint
    startTime:bigint finishTime:bigint imageUrl videoUrl status progress failReason channelId:int quota:bigint buttons properties`,
  ),
  tasks: t(
    "tasks",
    `id:int createdAt:int updatedAt:int taskId platform userId:int group channelId:int quota:bigint action status
    failReason submitTime:bigint startTime:bigint finishTime:bigint progress properties data tokenId:int`,
  ),
  two_fas: t(
    "two_fas",
    "id:int userId:int secret isEnabled:bool lastUsedStep:bigint lastUsedAt:int createdAt:int updatedAt:int",
  ),
  two_fa_backup_codes: t("two_fa_backup_codes", "id:int userId:int codeHash isUsed:bool usedAt:int createdAt:int"),
  passkey_credentials: t(
    "passkey_credentials",
    `id:int userId:int credentialId publicKey attestationType aaguid signCount:bigint backupEligible:bool
    backupState:bool transports name lastUsedAt:int createdAt:int`,
  ),
  subscription_plans: t(
    "subscription_plans",
    `id:int title subtitle priceAmount:float currency durationUnit durationValue:int customSeconds:bigint enabled:bool
    sortOrder:int allowBalancePay:bool allowWalletOverflow:bool stripePriceId creemProductId maxPurchasePerUser:int
    upgradeGroup downgradeGroup totalAmount:bigint quotaResetPeriod quotaResetCustomSeconds:bigint createdAt:int updatedAt:int`,
  ),
  user_subscriptions: t(
    "user_subscriptions",
    `id:int userId:int planId:int amountTotal:bigint amountUsed:bigint startTime:bigint endTime:bigint status source
    lastResetTime:bigint nextResetTime:bigint upgradeGroup prevUserGroup downgradeGroup allowWalletOverflow:bool
    quotaEpoch:int createdAt:int updatedAt:int`,
  ),
  subscription_orders: t(
    "subscription_orders",
    `id:int userId:int planId:int money:float tradeNo paymentMethod paymentProvider status createTime:int
    completeTime:int providerPayload`,
  ),
  setups: t("setups", "id:int version initializedAt:int"),
} as const satisfies Record<string, TargetTable>;

export type TargetName = keyof typeof TARGET;

/** Every table the importer writes, in the order a wipe must delete them (children first). */
export const WIPE_ORDER: readonly TargetName[] = [
  "setups",
  "tasks",
  "midjourneys",
  "quota_data",
  "logs",
  "redemption_uses",
  "redemptions",
  "options",
  "abilities",
  "channels",
  "subscription_orders",
  "user_subscriptions",
  "subscription_plans",
  "top_ups",
  "checkins",
  "passkey_credentials",
  "two_fa_backup_codes",
  "two_fas",
  "tokens",
  "users",
];
