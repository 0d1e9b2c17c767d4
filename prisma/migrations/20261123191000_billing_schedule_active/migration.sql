-- A billing schedule can be deactivated: it is then not offered for new prices, and prices on it cannot be
-- sold in new quotes and contracts; contracts already on it keep billing on its dates.
ALTER TABLE "billing_schedules" ADD COLUMN "active" BOOLEAN NOT NULL DEFAULT true;
