import { z } from "zod";
import { getPrice, listPrices } from "@/server/domain/catalog/prices";
import { getProduct, listProducts } from "@/server/domain/catalog/products";
import { parsePage } from "@/server/domain/list";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import {
  detailQuery,
  priceListQuery,
  priceResponse,
  productDetailResponse,
  productListQuery,
  productResponse,
} from "@/server/schemas/catalog";
import { listOf } from "@/server/schemas/common";

const tags = ["Catalog"];

export const catalogEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/catalog/products/",
    summary: "List catalog products",
    tags,
    query: productListQuery,
    response: listOf(productResponse),
    handler: async (ctx, { query, url }) =>
      listBody(await listProducts(ctx, { ...query, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/catalog/products/{productId}/",
    summary: "Read a catalog product with its prices",
    tags,
    params: z.object({ productId: intId }),
    query: detailQuery,
    response: productDetailResponse,
    handler: (ctx, { params, query }) => getProduct(ctx, params.productId, query),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/catalog/prices/",
    summary: "List catalog prices",
    tags,
    query: priceListQuery,
    response: listOf(priceResponse),
    handler: async (ctx, { query, url }) => listBody(await listPrices(ctx, { ...query, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/catalog/prices/{priceId}/",
    summary: "Read a catalog price",
    tags,
    params: z.object({ priceId: intId }),
    query: detailQuery,
    response: priceResponse,
    handler: (ctx, { params, query }) => getPrice(ctx, params.priceId, query),
  }),
];
