import { getPrice, listPrices } from "@/server/domain/catalog/prices";
import { getProduct, listProducts } from "@/server/domain/catalog/products";
import { detailEndpoint, listEndpoint } from "@/server/http/readEndpoints";
import {
  priceListQuery,
  priceResponse,
  productDetailResponse,
  productListQuery,
  productResponse,
} from "@/server/schemas/catalog";

const tags = ["Catalog"];

export const catalogEndpoints = [
  listEndpoint({
    path: "/v2/catalog/products/",
    summary: "List catalog products",
    tags,
    query: productListQuery,
    item: productResponse,
    list: listProducts,
  }),
  detailEndpoint({
    path: "/v2/catalog/products/{productId}/",
    summary: "Read a catalog product with its prices",
    tags,
    param: "productId",
    response: productDetailResponse,
    read: getProduct,
  }),
  listEndpoint({
    path: "/v2/catalog/prices/",
    summary: "List catalog prices",
    tags,
    query: priceListQuery,
    item: priceResponse,
    list: listPrices,
  }),
  detailEndpoint({
    path: "/v2/catalog/prices/{priceId}/",
    summary: "Read a catalog price",
    tags,
    param: "priceId",
    response: priceResponse,
    read: getPrice,
  }),
];
