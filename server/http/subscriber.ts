// The subscriber page's data source for app/change_contract (the logic lives in the domain module).
import { getDb } from "@/server/db";
import { contractForSubscriber } from "@/server/domain/contracts/subscriberPage";

export const subscriberContract = (token: string) => contractForSubscriber(getDb(), token);
