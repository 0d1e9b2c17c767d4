// Shared list plumbing for domain queries: optional pagination and the catalog `active` filter.
import { DomainError, invalid } from "./errors";

export interface PageRequest {
  size: number;
  number: number;
  /** serve the last page for a number past it (the console's tables) instead of the API's 404 */
  clamp?: boolean;
}
export interface ListResult<T> {
  results: T[];
  count: number;
  page?: PageRequest;
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
/**
 * Rows a page of a table inside a console detail page (a contract's runs, an endpoint's deliveries…): a
 * detail page holds several such tables, and on a phone each row is a card of several lines.
 */
export const TABLE_PAGE_SIZE = 10;

/**
 * Page `number` (1-based) of a console detail page's table: newest first like every list, counted, and a
 * number past the end (a row removed since the link was made) shows the last page rather than failing.
 */
export function tablePage(number: number, size = TABLE_PAGE_SIZE): PageRequest {
  return { number: Math.max(1, Math.trunc(number) || 1), size, clamp: true };
}

/** `page_size`/`page` (parsed from the query by schemas/common.ts pageQuery) → a page request, or undefined
 * for an unpaginated list (spec 4); a size above the maximum is served as the maximum. */
export function parsePage(query: { page_size?: number; page?: number | "last" }): PageRequest | undefined {
  if (query.page_size === undefined) return undefined;
  const number = query.page === undefined ? 1 : query.page === "last" ? -1 : query.page;
  return { size: Math.min(query.page_size, PAGE_SIZE_MAX), number };
}

/** skip/take for a page; page -1 means "last" once the count is known. */
export function pageWindow(page: PageRequest | undefined, count: number): { skip: number; take: number } | undefined {
  if (!page) return undefined;
  const lastPage = Math.max(1, Math.ceil(count / page.size));
  const pageNumber = page.number === -1 || (page.clamp && page.number > lastPage) ? lastPage : page.number;
  if (pageNumber > lastPage) throw new DomainError("not_found", "Invalid page.");
  page.number = pageNumber;
  return { skip: (pageNumber - 1) * page.size, take: page.size };
}

export type CatalogListQuery = { active?: string; reference?: string; page?: PageRequest };

/** The catalog list filters: the account's records, `active` as for the catalog, an exact `reference`. */
export function catalogWhere(accountId: number, query: { active?: string; reference?: string }) {
  return {
    accountId,
    ...activeWhere(query.active),
    ...(query.reference !== undefined ? { reference: query.reference } : {}),
  };
}

/** Prisma `where` fragment for the catalog `active` query (default: active only). */
export function activeWhere(active: string | undefined): { active?: boolean } {
  switch (active) {
    case undefined:
    case "":
    case "true":
    case "1":
      return { active: true };
    case "false":
    case "0":
      return { active: false };
    case "all":
    case "any":
      return {};
    default:
      throw invalid("active", "Must be one of: true, false, all, any.");
  }
}

export type PageWindow = { skip: number; take: number } | undefined;

/** A list answer: counted only when paged (the count also finds the last page), then the page's rows. */
export async function pagedList<Row, Out>(
  page: PageRequest | undefined,
  count: () => Promise<number>,
  rows: (window: PageWindow) => Promise<Row[]>,
  present: (row: Row) => Out,
): Promise<ListResult<Out>> {
  const total = page ? await count() : 0;
  const found = await rows(pageWindow(page, total));
  return { results: found.map(present), count: page ? total : found.length, page };
}
