// Price-change simulation (extension): the body of scheduling a price version, and its effect.
import { z } from "zod";
import { dateTime, dateTimeInput, money, moneyInput, namedObject } from "./common";

export const priceVersionBody = z.object({
  unit_amount: moneyInput,
  effective_from: dateTimeInput.meta({ description: "When the new amount starts; must be in the future" }),
});

const percentBound = z.number().nullable();

export const priceSimulationResponse = namedObject("PriceVersionSimulation", {
  price_id: z.number().int(),
  currency: z.string(),
  unit_amount: money.meta({ description: "The proposed amount" }),
  effective_from: dateTime,
  current_unit_amount: money.meta({ description: "The amount that would otherwise be in effect then" }),
  contracts_on_price: z.number().int().meta({ description: "Active or paused contracts with an item on the price" }),
  affected_contracts: z
    .number()
    .int()
    .meta({ description: "Of those, the contracts with a run within 24 months billed differently" }),
  mrr: z
    .object({ at: dateTime, before: money, after: money, change: money })
    .meta({ description: "The account's MRR in the price's currency at effective_from (the dashboard's MRR)" }),
  next_12_months: z.object({
    from: dateTime,
    until: dateTime,
    billed_before: money,
    billed_after: money,
    change: money,
  }),
  distribution: z.array(
    z.object({
      label: z.string(),
      from_percent: percentBound.meta({ description: "Change of the first new run in percent, inclusive" }),
      to_percent: percentBound.meta({ description: "Exclusive" }),
      contracts: z.number().int(),
    }),
  ),
  contracts: z
    .array(
      z.object({
        contract_id: z.number().int(),
        customer_id: z.number().int(),
        customer_reference: z.string().nullable(),
        first_new_amount_at: dateTime.meta({ description: "The first run billed at the new amount" }),
        old_amount: money.meta({ description: "That run's total without the change" }),
        new_amount: money.meta({ description: "That run's total with the change" }),
        change_amount: money,
        next_12_months_change: money,
        new_line_explanation: z.string().nullable(),
      }),
    )
    .meta({ description: "The 100 largest changes of the affected contracts (by change_amount, absolute)" }),
});
