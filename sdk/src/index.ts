// Subscription Contracts V2 SDK: typed calls generated from the OpenAPI document, plus a thin hand-written layer.
export { type ClientOptions, createClient, type SubscriptionClient, unwrap } from "./client";
export { ApiError, type FieldErrors, NetworkError } from "./errors";
export type { components, operations, paths } from "./generated/openapi";
export type { ItemOf, ListPath } from "./paginate";
export type { RetryOptions } from "./retry";
export { verify, type WebhookEvent, WebhookSignatureError, webhooks } from "./webhooks";
