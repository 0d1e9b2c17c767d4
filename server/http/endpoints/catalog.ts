// REST routes of the catalog: products with their prices, and prices (reads as the spec has them); creating
// products, prices (licensed, tiered or metered) and price versions is an extension.
import { createPrice, getPrice, listPrices, schedulePriceVersion } from "@/server/domain/catalog/prices";
import { createProduct, getProduct, listProducts } from "@/server/domain/catalog/products";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  priceListQuery,
  priceResponse,
  productDetailResponse,
  productListQuery,
  productResponse,
} from "@/server/schemas/catalog";
import { priceCreateInput, priceVersionBody, productCreateInput } from "@/server/schemas/catalogInputs";

const tags = ["Catalog"];
const product = recordEndpoints("/v2/catalog/products/{productId}/", productResponse, { tags });
const price = recordEndpoints("/v2/catalog/prices/{priceId}/", priceResponse, { tags });
const productWrites = recordEndpoints("/v2/catalog/products/{productId}/", productDetailResponse, {
  tags,
  extension: true,
});
const priceWrites = recordEndpoints("/v2/catalog/prices/{priceId}/", priceResponse, { tags, extension: true });

export const catalogEndpoints = [
  product.list({ summary: "List catalog products", query: productListQuery, list: listProducts }),
  product.detail("Read a catalog product with its prices", getProduct, productDetailResponse),
  productWrites.create("Create a catalog product", productCreateInput, createProduct),
  price.list({ summary: "List catalog prices", query: priceListQuery, list: listPrices }),
  price.detail("Read a catalog price", getPrice),
  priceWrites.create("Create a catalog price (licensed, tiered or metered)", priceCreateInput, createPrice),
  priceWrites.route({
    method: "POST",
    below: "versions/",
    summary: "Schedule a new version of a price (its amount or pricing model from a future instant)",
    description: priceVersionBody.description,
    body: priceVersionBody,
    bodyRequired: true,
    status: 201,
    handler: (ctx, { params, body }) => schedulePriceVersion(ctx, params.priceId, body),
  }),
];
