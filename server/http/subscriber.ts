// The subscriber page's data source for app/change_contract (the logic lives in the domain module).
import { getDb } from "@/server/db";
import { contractForSubscriber } from "@/server/domain/contracts/subscriberPage";
import { receiptForSubscriber } from "@/server/domain/receipts/receipt";

export const subscriberContract = (token: string) => contractForSubscriber(getDb(), token);

/** A receipt of one of the token's contract's runs (null when either is unknown). */
export const subscriberReceipt = (token: string, runId: number) => receiptForSubscriber(getDb(), token, runId);
