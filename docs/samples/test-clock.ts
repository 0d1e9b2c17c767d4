// Test clocks: a test-mode account has its own clock. Moving it forward bills everything that falls
// due on the way (regular runs, dunning retries, scheduled changes), exactly as the worker would.
import { createClient, unwrap } from "@subscription-contracts/sdk";

const client = createClient({ apiKey: process.env.API_KEY ?? "", baseUrl: process.env.API_BASE_URL ?? "" });

// by a number of seconds…
export const hourLater = await unwrap(client.POST("/v2/test-clock/advance/", { body: { seconds: 3600 } }));
// …or to an instant (never backwards)
const target = new Date(Date.parse(hourLater.test_clock_at) + 40 * 24 * 3600 * 1000).toISOString();
export const advanced = await unwrap(client.POST("/v2/test-clock/advance/", { body: { to: target } }));
console.log("clock at", advanced.test_clock_at, "runs created", advanced.processed.runsCreated);
