// REST routes of customers, addressed by their reference.
import { z } from "zod";
import { createCustomer, getCustomer, listCustomers, updateCustomer } from "@/server/domain/customers/customers";
import { defineEndpoint } from "@/server/http/endpoint";
import { listEndpoint } from "@/server/http/readEndpoints";
import { customerCreateBody, customerListQuery, customerPatchBody, customerResponse } from "@/server/schemas/customers";

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
];
