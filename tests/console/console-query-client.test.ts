// A list whose first load is still in flight when a write invalidates it must show the write: the console's
// query client cancels that load and fetches again (the library alone would keep the stale answer).
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { expect, it } from "vitest";
import { ConsoleQueryClient } from "@/components/trpc/consoleQueryClient";

/** The rows a list shows after a write that lands while its first load is still on the way. */
async function rowsAfterWriteDuringFirstLoad(client: QueryClient) {
  const table = ["cust-1"];
  const queryFn = async () => {
    const answer = [...table]; // the server reads before the write commits…
    await new Promise((resolve) => setTimeout(resolve, 50)); // …and answers after it
    return answer;
  };
  const observer = new QueryObserver(client, { queryKey: ["customers"], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 10));
  table.push("cust-2"); // the write, then the form's refresh of the list
  await client.invalidateQueries({ queryKey: ["customers"] });
  await new Promise((resolve) => setTimeout(resolve, 120));
  unsubscribe();
  return observer.getCurrentResult().data;
}

it("the library's client keeps the first load's stale rows (why the console has its own)", async () => {
  expect(await rowsAfterWriteDuringFirstLoad(new QueryClient())).toEqual(["cust-1"]);
});

it("the console's client shows the written row", async () => {
  expect(await rowsAfterWriteDuringFirstLoad(new ConsoleQueryClient())).toEqual(["cust-1", "cust-2"]);
});

it("a write does not cancel an imperative fetch in flight (a price simulation keeps its answer)", async () => {
  const client = new ConsoleQueryClient();
  const simulation = client.fetchQuery({
    queryKey: ["catalog", "simulate"],
    queryFn: () => new Promise<string>((resolve) => setTimeout(() => resolve("simulated"), 50)),
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  await client.invalidateQueries({ queryKey: ["catalog"] });
  await expect(simulation).resolves.toBe("simulated");
});
