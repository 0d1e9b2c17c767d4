// Customers for the admin console: search, one customer with its contracts, payment methods and runs,
// create and edit. Every procedure calls the domain function the REST API uses.
import { z } from "zod";
import { listRuns } from "@/server/domain/billing/runs";
import { listContracts } from "@/server/domain/contracts/readAndPatch";
import { customerActivity } from "@/server/domain/customers/activity";
import { createCustomer, listCustomers, updateCustomer } from "@/server/domain/customers/customers";
import { erasePersonalData, exportPersonalData } from "@/server/domain/customers/personalData";
import { findCustomerByKey, listCustomerPaymentMethods, searchCustomers } from "@/server/domain/customers/search";
import { tablePage } from "@/server/domain/list";
import { requestCard } from "@/server/domain/payments/cardRequest";
import { deletePaymentMethod } from "@/server/domain/payments/methods";
import { noticeMailerFromConfig } from "@/server/mail";
import { idInput } from "@/server/schemas/common";
import { customerCreateBody, customerPatchBody } from "@/server/schemas/customers";
import { protectedProcedure, router } from "@/server/trpc/init";

export const CUSTOMER_PAGE_SIZE = 20;
const reference = z.object({ reference: z.string().min(1).max(200) });
const page = z.number().int().min(1).max(100_000).default(1);
// the customer page's tables: one page each (newest first, with the total), by the table's own URL parameter
const recordsPage = reference.extend({ page });

export const customersRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listCustomers(ctx.domain, {})).results),
  search: protectedProcedure
    .input(z.object({ q: z.string().max(200).optional(), page }))
    .query(({ ctx, input }) =>
      searchCustomers(ctx.domain, { q: input.q, page: { number: input.page, size: CUSTOMER_PAGE_SIZE } }),
    ),
  get: protectedProcedure
    .input(z.object({ key: z.string().min(1).max(200) }))
    .query(({ ctx, input }) => findCustomerByKey(ctx.domain, input.key)),
  create: protectedProcedure.input(customerCreateBody).mutation(({ ctx, input }) => createCustomer(ctx.domain, input)),
  update: protectedProcedure
    .input(customerPatchBody.extend(reference.shape))
    .mutation(({ ctx, input: { reference: ref, ...patch } }) => updateCustomer(ctx.domain, ref, patch)),
  contracts: protectedProcedure
    .input(recordsPage)
    .query(
      async ({ ctx, input }) =>
        await listContracts(ctx.domain, { customer_reference: input.reference, page: tablePage(input.page) }),
    ),
  runs: protectedProcedure
    .input(recordsPage)
    .query(
      async ({ ctx, input }) =>
        await listRuns(ctx.domain, { customer_reference: input.reference, page: tablePage(input.page) }),
    ),
  activity: protectedProcedure
    .input(recordsPage)
    .query(({ ctx, input }) => customerActivity(ctx.domain, input.reference, tablePage(input.page))),
  paymentMethods: protectedProcedure
    .input(recordsPage)
    .query(({ ctx, input }) => listCustomerPaymentMethods(ctx.domain, input.reference, tablePage(input.page))),
  // a secure link for the customer to add or replace a card; e-mailed when notice mails are configured
  requestCard: protectedProcedure
    .input(reference.extend({ processor: idInput.optional() }))
    .mutation(async ({ ctx, input }) => {
      const request = await requestCard(ctx.domain, {
        customer_reference: input.reference,
        processor: input.processor,
      });
      return { ...request, emailed_to: noticeMailerFromConfig() && request.email ? request.email : null };
    }),
  cancelPaymentMethod: protectedProcedure.input(reference.extend({ id: idInput })).mutation(async ({ ctx, input }) => {
    await deletePaymentMethod(ctx.domain, input.reference, input.id);
    return { canceled: true as const };
  }),
  // everything held about the customer (an access request), and its erasure (an erasure request)
  personalData: protectedProcedure
    .input(reference)
    .query(({ ctx, input }) => exportPersonalData(ctx.domain, input.reference)),
  erasePersonalData: protectedProcedure
    .input(reference)
    .mutation(({ ctx, input }) => erasePersonalData(ctx.domain, input.reference)),
});
