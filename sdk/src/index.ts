// Subscription Contracts V2 SDK: typed calls generated from the OpenAPI document, plus a thin hand-written layer.
export { type ClientOptions, createClient, type SubscriptionClient, unwrap } from "./client.js";
export { ApiError, type FieldErrors, NetworkError } from "./errors.js";
export type { components, operations, paths } from "./generated/openapi.js";
export type { ItemOf, ListPath, ListPathParams, ListQuery } from "./paginate.js";
export type { RetryOptions } from "./retry.js";
export { verify, type WebhookEvent, WebhookSignatureError, webhooks } from "./webhooks.js";
