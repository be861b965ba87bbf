-- Asynchronous tasks remember the token that paid (refunds on failure) and the billing group.
ALTER TABLE "midjourneys" ADD COLUMN "tokenId" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "midjourneys" ADD COLUMN "group" TEXT NOT NULL DEFAULT '';
ALTER TABLE "tasks" ADD COLUMN "tokenId" INTEGER NOT NULL DEFAULT 0;
