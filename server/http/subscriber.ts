import { getDb } from "../db";
import { contractForSubscriber } from "../domain/contracts/subscriber";

export const subscriberContract = (token: string) => contractForSubscriber(getDb(), token);
