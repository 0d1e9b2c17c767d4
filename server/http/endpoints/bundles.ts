import { z } from "zod";
import { evaluateAddons } from "@/server/domain/bundles/addons";
import { getBundle, listBundles } from "@/server/domain/bundles/bundles";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { detailEndpoint, listEndpoint } from "@/server/http/readEndpoints";
import {
  addonsBody,
  bundleAddonsResponse,
  bundleListQuery,
  bundleTemplateDetailResponse,
  bundleTemplateResponse,
} from "@/server/schemas/bundles";

const tags = ["Bundles"];

export const bundleEndpoints = [
  listEndpoint({
    path: "/v2/bundle-templates/",
    summary: "List bundle templates",
    tags,
    query: bundleListQuery,
    item: bundleTemplateResponse,
    list: listBundles,
  }),
  detailEndpoint({
    path: "/v2/bundle-templates/{bundleTemplateId}/",
    summary: "Read a bundle template with items and selectable prices",
    tags,
    param: "bundleTemplateId",
    response: bundleTemplateDetailResponse,
    read: getBundle,
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
