-- The subscription that paid a task (0: the wallet) and its quota period: refunds go back to it
ALTER TABLE "tasks" ADD COLUMN "subscriptionId" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "tasks" ADD COLUMN "subscriptionEpoch" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "midjourneys" ADD COLUMN "subscriptionId" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "midjourneys" ADD COLUMN "subscriptionEpoch" INTEGER NOT NULL DEFAULT 0;
