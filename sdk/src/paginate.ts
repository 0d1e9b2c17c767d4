// Async iteration over a paginated list: follows `next` until it is null.
import type { paths } from "./generated/openapi.js";

type ListBody<Item> = Item[] | { count: number; next: string | null; previous: string | null; results: Item[] };

/** Paths whose GET answers a (possibly paginated) list. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { "application/json": ListBody<unknown> } } } };
  }
    ? P
    : never;
}[keyof paths];

type ListResponse<P extends ListPath> = paths[P] extends {
  get: { responses: { 200: { content: { "application/json": infer Body } } } };
}
  ? Body
  : never;

/** The element type of a list path's results. */
export type ItemOf<P extends ListPath> = ListResponse<P> extends ListBody<infer Item> ? Item : never;

/** The query parameters of a list path's GET, as the document types them (page_size and ids are numbers). */
export type ListQuery<P extends ListPath> = paths[P] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never;

/** The path parameters of a list path's GET (e.g. a customer's payment methods). */
export type ListPathParams<P extends ListPath> = paths[P] extends { get: { parameters: { path?: infer Params } } }
  ? NonNullable<Params>
  : never;

/** A page's query: the caller's parameters, then those of the previous page's `next` link (strings). */
type PageQuery = Record<string, unknown>;

/** Fetches one page given its query; the client's typed GET. */
export type PageFetcher = (query: PageQuery) => Promise<unknown>;

export async function* iteratePages<Item>(
  fetchPage: PageFetcher,
  query: PageQuery,
): AsyncGenerator<Item, void, undefined> {
  let current: PageQuery | null = { page_size: 100, ...query };
  while (current) {
    const body = (await fetchPage(current)) as ListBody<Item>;
    if (Array.isArray(body)) {
      yield* body;
      return;
    }
    yield* body.results;
    current = body.next ? Object.fromEntries(new URL(body.next).searchParams) : null;
  }
}
