// The console's React Query client: what it changes from the library's, and why.
import { QueryClient } from "@tanstack/react-query";

/**
 * NOTE: TanStack Query's invalidateQueries reuses a query's first fetch when it is still in flight (it cancels only
 * fetches of queries that already have data). A list whose first load was asked for before a write and answered
 * after it would then miss the write, with nothing left to refetch it: a seller quick enough to create a customer
 * while the customer list was still loading did not see it. So such first loads are cancelled first: only those
 * (no data yet, shown by a component); an imperative fetch (`fetchQuery`, e.g. a price simulation) has no
 * observer and would reject with a CancelledError, and queries with data are cancelled by the library itself.
 */
export class ConsoleQueryClient extends QueryClient {
  override async invalidateQueries(...args: Parameters<QueryClient["invalidateQueries"]>) {
    const [filters] = args;
    await this.cancelQueries({
      ...filters,
      predicate: (query) =>
        query.state.data === undefined && query.getObserversCount() > 0 && (filters?.predicate?.(query) ?? true),
    });
    return super.invalidateQueries(...args);
  }
}
