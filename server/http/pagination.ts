// The list response body of spec 4: a plain array, or a page with its count and links.
import type { ListResult } from "@/server/domain/list";

/** Domain list → the response body of spec 4: a plain array, or `{count, next, previous, results}`. */
export function listBody<T>(
  list: ListResult<T>,
  url: URL,
): T[] | { count: number; next: string | null; previous: string | null; results: T[] } {
  if (!list.page) return list.results;
  const { size, number } = list.page;
  const link = (n: number) => {
    const u = new URL(url);
    u.searchParams.set("page_size", String(size));
    if (n === 1) u.searchParams.delete("page");
    else u.searchParams.set("page", String(n));
    return u.toString();
  };
  return {
    count: list.count,
    next: number * size < list.count ? link(number + 1) : null,
    previous: number > 1 ? link(number - 1) : null,
    results: list.results,
  };
}
