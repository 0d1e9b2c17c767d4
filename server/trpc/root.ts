// The admin console's tRPC API (served at /api/trpc).
import { router } from "./init";
import { apiKeysRouter } from "./routers/apiKeys";
import { auditRouter } from "./routers/audit";
import { billingRouter } from "./routers/billing";
import { catalogRouter } from "./routers/catalog";
import { customersRouter } from "./routers/customers";

export const appRouter = router({
  catalog: catalogRouter,
  customers: customersRouter,
  apiKeys: apiKeysRouter,
  billing: billingRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
