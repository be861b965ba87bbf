-- Subscription plans (issue 41), as new-api's model/subscription.go: plans, users' subscriptions, orders.
-- CreateTable
CREATE TABLE "subscription_plans" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL DEFAULT '',
    "priceAmount" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "durationUnit" TEXT NOT NULL DEFAULT 'month',
    "durationValue" INTEGER NOT NULL DEFAULT 1,
    "customSeconds" BIGINT NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "allowBalancePay" BOOLEAN,
    "allowWalletOverflow" BOOLEAN,
    "stripePriceId" TEXT NOT NULL DEFAULT '',
    "creemProductId" TEXT NOT NULL DEFAULT '',
    "maxPurchasePerUser" INTEGER NOT NULL DEFAULT 0,
    "upgradeGroup" TEXT NOT NULL DEFAULT '',
    "downgradeGroup" TEXT NOT NULL DEFAULT '',
    "totalAmount" BIGINT NOT NULL DEFAULT 0,
    "quotaResetPeriod" TEXT NOT NULL DEFAULT 'never',
    "quotaResetCustomSeconds" BIGINT NOT NULL DEFAULT 0,
    "createdAt" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "subscription_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_subscriptions" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "planId" INTEGER NOT NULL,
    "amountTotal" BIGINT NOT NULL DEFAULT 0,
    "amountUsed" BIGINT NOT NULL DEFAULT 0,
    "startTime" BIGINT NOT NULL DEFAULT 0,
    "endTime" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'active',
    "source" TEXT NOT NULL DEFAULT 'order',
    "lastResetTime" BIGINT NOT NULL DEFAULT 0,
    "nextResetTime" BIGINT NOT NULL DEFAULT 0,
    "upgradeGroup" TEXT NOT NULL DEFAULT '',
    "prevUserGroup" TEXT NOT NULL DEFAULT '',
    "downgradeGroup" TEXT NOT NULL DEFAULT '',
    "allowWalletOverflow" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "user_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscription_orders" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "planId" INTEGER NOT NULL,
    "money" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "tradeNo" TEXT NOT NULL,
    "paymentMethod" TEXT NOT NULL DEFAULT '',
    "paymentProvider" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createTime" INTEGER NOT NULL DEFAULT 0,
    "completeTime" INTEGER NOT NULL DEFAULT 0,
    "providerPayload" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "subscription_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "subscription_plans_enabled_sortOrder_idx" ON "subscription_plans"("enabled", "sortOrder");

-- CreateIndex
CREATE INDEX "user_subscriptions_userId_status_endTime_idx" ON "user_subscriptions"("userId", "status", "endTime");

-- CreateIndex
CREATE INDEX "user_subscriptions_status_endTime_idx" ON "user_subscriptions"("status", "endTime");

-- CreateIndex
CREATE INDEX "user_subscriptions_planId_idx" ON "user_subscriptions"("planId");

-- CreateIndex
CREATE INDEX "user_subscriptions_nextResetTime_idx" ON "user_subscriptions"("nextResetTime");

-- CreateIndex
CREATE UNIQUE INDEX "subscription_orders_tradeNo_key" ON "subscription_orders"("tradeNo");

-- CreateIndex
CREATE INDEX "subscription_orders_userId_idx" ON "subscription_orders"("userId");

-- CreateIndex
CREATE INDEX "subscription_orders_planId_idx" ON "subscription_orders"("planId");

-- AddForeignKey
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

