-- Read-your-writes with a read replica (server/replica.ts): the primary's WAL position after an account's
-- last change through the API or the console. A read for the account goes to the replica only once the
-- replica has replayed up to it.
CREATE TABLE "replica_fences" (
    "account_id" INTEGER NOT NULL,
    "lsn" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replica_fences_pkey" PRIMARY KEY ("account_id")
);
