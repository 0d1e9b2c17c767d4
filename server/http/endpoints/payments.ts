// REST routes of payments: processor options, hosted checkouts and their payment-method registrations, and a
// customer's payment methods.
import { z } from "zod";
import { createCheckout, getCheckout } from "@/server/domain/checkouts/create";
import { finalizeCheckout } from "@/server/domain/checkouts/finalize";
import { createRegistration, getRegistration } from "@/server/domain/checkouts/registrations";
import { parsePage } from "@/server/domain/list";
import {
  confirmPaymentMethod,
  createPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  patchPaymentMethod,
} from "@/server/domain/payments/methods";
import { processorOptions } from "@/server/domain/payments/options";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import { json } from "@/server/http/response";
import { listOf, pageQuery } from "@/server/schemas/common";
import {
  checkoutBody,
  checkoutPaymentFailedResponse,
  checkoutResponse,
  checkoutStepBody,
  paymentMethodCreateBody,
  paymentMethodPatchBody,
  paymentMethodResponse,
  processorOptionsBody,
  processorOptionsResponse,
  registrationResponse,
} from "@/server/schemas/payments";

const ref = z.string().min(1).max(200);
const pmParams = z.object({ customerReference: ref, paymentMethodId: intId });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const paymentEndpoints = [
  defineEndpoint({
    method: "POST",
    path: "/v2/payment-processor-options/",
    summary: "Eligible payment processors for an offer",
    tags: ["Checkouts"],
    body: processorOptionsBody,
    bodyRequired: true,
    response: processorOptionsResponse,
    readOnly: true,
    handler: (ctx, { body }) => processorOptions(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customers/{customerReference}/payment-methods/",
    summary: "Active verified payment methods of a customer",
    tags: ["Payment methods"],
    params: z.object({ customerReference: ref }),
    query: z.object(pageQuery),
    response: listOf(paymentMethodResponse),
    handler: async (ctx, { params, query, url }) =>
      listBody(await listPaymentMethods(ctx, params.customerReference, parsePage(query)), url),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/customers/{customerReference}/payment-methods/",
    summary: "Create a card, or create/replace a claim or invoice setup",
    tags: ["Payment methods"],
    auth: "public",
    params: z.object({ customerReference: ref }),
    body: paymentMethodCreateBody,
    bodyRequired: true,
    response: paymentMethodResponse,
    status: 201,
    description:
      "With the public key the method is created `temporary` (not usable, not listed) and must be confirmed with the secret key at .../{paymentMethodId}/confirm/ (spec 5.2).",
    handler: (ctx, { params, body, principal }) =>
      createPaymentMethod(ctx, params.customerReference, body, { temporary: principal?.kind === "public" }),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    summary: "Read a payment method (sanitized; canceled included)",
    tags: ["Payment methods"],
    params: pmParams,
    response: paymentMethodResponse,
    handler: (ctx, { params }) => getPaymentMethod(ctx, params.customerReference, params.paymentMethodId),
  }),
  defineEndpoint({
    method: "PATCH",
    path: "/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    summary: "Update mutable setup fields; metadata is shallow-merged",
    tags: ["Payment methods"],
    params: pmParams,
    body: paymentMethodPatchBody,
    bodyRequired: true,
    response: paymentMethodResponse,
    handler: (ctx, { params, body }) => patchPaymentMethod(ctx, params.customerReference, params.paymentMethodId, body),
  }),
  defineEndpoint({
    method: "DELETE",
    path: "/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/",
    summary: "Cancel a payment method (idempotent)",
    tags: ["Payment methods"],
    params: pmParams,
    status: 204,
    handler: async (ctx, { params }) => {
      await deletePaymentMethod(ctx, params.customerReference, params.paymentMethodId);
      return json(undefined, 204);
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/customers/{customerReference}/payment-methods/{paymentMethodId}/confirm/",
    summary: "Confirm a temporary payment method created with the public key",
    tags: ["Payment methods"],
    extension: true,
    params: pmParams,
    response: paymentMethodResponse,
    handler: (ctx, { params }) => confirmPaymentMethod(ctx, params.customerReference, params.paymentMethodId),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/checkouts/",
    summary: "Create a checkout",
    tags: ["Checkouts"],
    body: checkoutBody,
    bodyRequired: true,
    response: checkoutResponse,
    status: 201,
    handler: (ctx, { body }) => createCheckout(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/checkouts/{token}/",
    summary: "Read a checkout",
    tags: ["Checkouts"],
    params: tokenParams,
    response: checkoutResponse,
    handler: (ctx, { params }) => getCheckout(ctx, params.token),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/checkouts/{token}/payment-method-registrations/",
    summary: "Start a payment method registration for the checkout",
    tags: ["Checkouts"],
    params: tokenParams,
    body: checkoutStepBody,
    response: registrationResponse,
    status: 201,
    handler: (ctx, { params }) => createRegistration(ctx, params.token),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/payment-method-registrations/{token}/",
    summary: "Registration status",
    tags: ["Checkouts"],
    params: tokenParams,
    response: registrationResponse,
    handler: (ctx, { params }) => getRegistration(ctx, params.token),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/checkouts/{token}/finalize/",
    summary: "Finalize: preflight, contract, initial run, payment",
    tags: ["Checkouts"],
    params: tokenParams,
    body: checkoutStepBody,
    response: checkoutResponse,
    badRequest: checkoutPaymentFailedResponse,
    handler: (ctx, { params }) => finalizeCheckout(ctx, params.token),
  }),
];
