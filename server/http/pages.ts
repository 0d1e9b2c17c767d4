// Data loaders for public pages (the hosted card form), over the domain.
import { getDb } from "@/server/db";
import { registrationForPage } from "@/server/domain/checkouts/registrations";
import { textProblem } from "@/server/inputChecks";
import { requestBaseClock } from "@/server/requestClock";

// a token with NUL or a lone surrogate names nothing (and PostgreSQL could not even compare it): not found
export const hostedRegistration = async (token: string) =>
  textProblem(token) ? null : registrationForPage({ db: getDb(), clock: requestBaseClock() }, { token });
