// REST routes of the catalog (read only): products with their prices, and prices.
import { getPrice, listPrices } from "@/server/domain/catalog/prices";
import { getProduct, listProducts } from "@/server/domain/catalog/products";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  priceListQuery,
  priceResponse,
  productDetailResponse,
  productListQuery,
  productResponse,
} from "@/server/schemas/catalog";

const tags = ["Catalog"];
const product = recordEndpoints("/v2/catalog/products/{productId}/", productResponse, { tags });
const price = recordEndpoints("/v2/catalog/prices/{priceId}/", priceResponse, { tags });

export const catalogEndpoints = [
  product.list({ summary: "List catalog products", query: productListQuery, list: listProducts }),
  product.detail("Read a catalog product with its prices", getProduct, productDetailResponse),
  price.list({ summary: "List catalog prices", query: priceListQuery, list: listPrices }),
  price.detail("Read a catalog price", getPrice),
];
