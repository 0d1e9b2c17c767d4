// zod inputs of the console's list queries (contracts, billing runs): filters as the dashboard hands them out.
import { z } from "zod";
import { idInput, positiveInt } from "@/server/schemas/common";
import { contractListFilters, runListFilters, listText as text } from "@/server/schemas/consoleLists";

export const pageInput = {
  page: positiveInt.max(1_000_000).default(1),
  pageSize: positiveInt.max(100, "Ensure this value is less than or equal to 100.").default(25),
};

export const contractListInput = z.object({
  ...pageInput,
  filters: contractListFilters.default({}),
  search: text.optional(),
  sort: z.enum(["created_desc", "created_asc", "next_billing_asc", "next_billing_desc"]).default("created_desc"),
});

export const runListInput = z.object({
  ...pageInput,
  filters: runListFilters.default({}),
});

export const retryInput = z.object({ id: idInput, reason: text.optional() });
