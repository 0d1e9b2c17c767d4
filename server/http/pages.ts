// Data loaders for public pages (the hosted card form), over the domain.
import { getDb } from "../db";
import { registrationForPage } from "../domain/checkouts/registrations";

export const hostedRegistration = (token: string) => registrationForPage(getDb(), token);
