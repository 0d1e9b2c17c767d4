// Customers for the admin console.
import { createCustomer, listCustomers } from "../../domain/customers/customers";
import { customerCreateBody } from "../../schemas/customers";
import { protectedProcedure, router } from "../init";

export const customersRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listCustomers(ctx.domain, {})).results),
  create: protectedProcedure.input(customerCreateBody).mutation(({ ctx, input }) => createCustomer(ctx.domain, input)),
});
