// REST routes of customers, addressed by their reference.
import { z } from "zod";
import { createCustomer, getCustomer, listCustomers, updateCustomer } from "@/server/domain/customers/customers";
import { erasePersonalData, exportPersonalData } from "@/server/domain/customers/personalData";
import { defineEndpoint } from "@/server/http/endpoint";
import { listEndpoint } from "@/server/http/readEndpoints";
import {
  customerCreateBody,
  customerListQuery,
  customerPatchBody,
  customerResponse,
  personalDataErasureResponse,
  personalDataResponse,
} from "@/server/schemas/customers";

const tags = ["Customers"];
const params = z.object({ customerReference: z.string().min(1).max(200) });

export const customerEndpoints = [
  listEndpoint({
    path: "/v2/customers/",
    summary: "List customers",
    tags,
    extension: true,
    query: customerListQuery,
    item: customerResponse,
    list: listCustomers,
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/customers/",
    summary: "Create a customer",
    tags,
    extension: true,
    body: customerCreateBody,
    bodyRequired: true,
    response: customerResponse,
    status: 201,
    handler: (ctx, { body }) => createCustomer(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customers/{customerReference}/",
    summary: "Read a customer by reference",
    tags,
    extension: true,
    params,
    response: customerResponse,
    handler: (ctx, { params }) => getCustomer(ctx, params.customerReference),
  }),
  defineEndpoint({
    method: "PATCH",
    path: "/v2/customers/{customerReference}/",
    summary: "Update a customer (metadata is shallow-merged)",
    tags,
    extension: true,
    params,
    body: customerPatchBody,
    bodyRequired: true,
    response: customerResponse,
    handler: (ctx, { params, body }) => updateCustomer(ctx, params.customerReference, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/customers/{customerReference}/personal-data/",
    summary: "Export a customer's personal data",
    description:
      "Everything held about the customer as one document: the customer, contracts, billing runs and receipts, payment methods (masked), events and audit entries naming them.",
    tags,
    extension: true,
    params,
    response: personalDataResponse,
    handler: (ctx, { params }) => exportPersonalData(ctx, params.customerReference),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/customers/{customerReference}/erase/",
    summary: "Erase a customer's personal data",
    description:
      "Replaces the customer's name, e-mail, addresses, metadata values and card details with `erased-<id>` (or nothing), detaches their payment methods and scrubs stored event payloads and other copies of their name and e-mail. Runs and receipts keep their numbers and amounts. Cannot be undone; running it again changes nothing more.",
    tags,
    extension: true,
    params,
    response: personalDataErasureResponse,
    handler: (ctx, { params }) => erasePersonalData(ctx, params.customerReference),
  }),
];
