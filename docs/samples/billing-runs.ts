// Billing runs and dunning: list what failed, retry a run now, or use the contract's credit on it.
import { ApiError, createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

export const failed: { id: number; state: string; total_amount: string }[] = [];
for await (const run of client.paginate("/v2/billing-runs/", { query: { state: "failed" } })) {
  failed.push(run);
  console.log("run", run.id, "of contract", run.contract_id, run.total_amount, run.currency);
}

// retry the first failed run at once (otherwise the dunning schedule retries it by itself)
export let retried: { id: number; state: string } | null = null;
if (failed[0]) {
  try {
    retried = await unwrap(
      client.POST("/v2/billing-runs/{billingRunId}/retry/", {
        params: { path: { billingRunId: failed[0].id } },
        body: { reason: "The customer updated the card" },
      }),
    );
    console.log("after retry", retried.state);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.log("not retried:", error.fieldErrors);
  }
}
