-- Which of a customer's cards billing charges: the highest charge_rank among the eligible ones. A new card
-- takes the next rank (it is charged from then on, as before, when the newest card was charged); "Make
-- default" gives an existing card the next rank. A sequence, not a time: cards added on a test clock and on
-- the wall clock still order by what the customer did last. Behind a function, so the column reads as a
-- plain default (not an identity) to the schema diff.
CREATE SEQUENCE "payment_methods_charge_rank_seq";
CREATE FUNCTION payment_method_charge_rank_next() RETURNS BIGINT LANGUAGE sql AS $$
  SELECT nextval('payment_methods_charge_rank_seq')
$$;
ALTER TABLE "payment_methods" ADD COLUMN "charge_rank" BIGINT;
UPDATE "payment_methods" SET "charge_rank" = "id";
SELECT setval('payment_methods_charge_rank_seq', greatest((SELECT max("id") FROM "payment_methods"), 1));
ALTER TABLE "payment_methods" ALTER COLUMN "charge_rank" SET DEFAULT payment_method_charge_rank_next(),
  ALTER COLUMN "charge_rank" SET NOT NULL;
