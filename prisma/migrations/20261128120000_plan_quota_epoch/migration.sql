-- A subscription's quota period: bumped by every reset, so a charge of an earlier period never lands in a later one
ALTER TABLE "user_subscriptions" ADD COLUMN "quotaEpoch" INTEGER NOT NULL DEFAULT 0;
