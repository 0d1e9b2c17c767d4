// REST routes of bundle templates: list, read with items, add-on offers for a selection.
import { evaluateAddons } from "@/server/domain/bundles/addons";
import { getBundle, listBundles } from "@/server/domain/bundles/bundles";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import {
  addonsBody,
  bundleAddonsResponse,
  bundleListQuery,
  bundleTemplateDetailResponse,
  bundleTemplateResponse,
} from "@/server/schemas/bundles";

const bundle = recordEndpoints("/v2/bundle-templates/{bundleTemplateId}/", bundleTemplateResponse, {
  tags: ["Bundles"],
});

export const bundleEndpoints = [
  bundle.list({ summary: "List bundle templates", query: bundleListQuery, list: listBundles }),
  bundle.detail("Read a bundle template with items and selectable prices", getBundle, bundleTemplateDetailResponse),
  bundle.route({
    method: "POST",
    below: "addons/",
    summary: "Add-on offers for the given item selections",
    body: addonsBody,
    bodyRequired: true,
    response: bundleAddonsResponse,
    readOnly: true,
    handler: (ctx, { params, body }) => evaluateAddons(ctx, params.bundleTemplateId, body.bundle_item_selections),
  }),
];
