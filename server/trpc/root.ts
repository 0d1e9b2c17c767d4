// The admin console's tRPC API (served at /api/trpc).
import { router } from "./init";
import { apiKeysRouter } from "./routers/apiKeys";
import { billingRouter } from "./routers/billing";
import { catalogRouter } from "./routers/catalog";
import { customersRouter } from "./routers/customers";
import { sessionRouter } from "./routers/session";

export const appRouter = router({
  catalog: catalogRouter,
  customers: customersRouter,
  apiKeys: apiKeysRouter,
  billing: billingRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
