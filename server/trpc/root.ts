// The admin console's tRPC API (served at /api/trpc).
import { router } from "./init";
import { accountRouter } from "./routers/account";
import { apiKeysRouter } from "./routers/apiKeys";
import { auditRouter } from "./routers/audit";
import { billingRouter } from "./routers/billing";
import { catalogRouter } from "./routers/catalog";
import { catalogAdminRouter } from "./routers/catalogAdmin";
import { customersRouter } from "./routers/customers";
import { usersRouter } from "./routers/users";
import { sessionRouter } from "./routers/session";

export const appRouter = router({
  account: accountRouter,
  catalog: catalogRouter,
  catalogAdmin: catalogAdminRouter,
  customers: customersRouter,
  apiKeys: apiKeysRouter,
  billing: billingRouter,
  audit: auditRouter,
  users: usersRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
