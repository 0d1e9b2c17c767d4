import { z } from "zod";
import { evaluateAddons } from "@/server/domain/bundles/addons";
import { getBundle, listBundles } from "@/server/domain/bundles/bundles";
import { parsePage } from "@/server/domain/list";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import {
  addonsBody,
  bundleAddonsResponse,
  bundleListQuery,
  bundleTemplateDetailResponse,
  bundleTemplateResponse,
} from "@/server/schemas/bundles";
import { detailQuery } from "@/server/schemas/catalog";
import { listOf } from "@/server/schemas/common";

const tags = ["Bundles"];

export const bundleEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/bundle-templates/",
    summary: "List bundle templates",
    tags,
    query: bundleListQuery,
    response: listOf(bundleTemplateResponse),
    handler: async (ctx, { query, url }) => listBody(await listBundles(ctx, { ...query, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/bundle-templates/{bundleTemplateId}/",
    summary: "Read a bundle template with items and selectable prices",
    tags,
    params: z.object({ bundleTemplateId: intId }),
    query: detailQuery,
    response: bundleTemplateDetailResponse,
    handler: (ctx, { params, query }) => getBundle(ctx, params.bundleTemplateId, query),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/bundle-templates/{bundleTemplateId}/addons/",
    summary: "Add-on offers for the given item selections",
    tags,
    params: z.object({ bundleTemplateId: intId }),
    body: addonsBody,
    bodyRequired: true,
    response: bundleAddonsResponse,
    readOnly: true,
    handler: (ctx, { params, body }) => evaluateAddons(ctx, params.bundleTemplateId, body.bundle_item_selections),
  }),
];
