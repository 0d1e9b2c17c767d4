// The admin console's tRPC API (served at /api/trpc).
import { router } from "./init";
import { accountRouter } from "./routers/account";
import { analyticsRouter } from "./routers/analytics";
import { apiKeysRouter } from "./routers/apiKeys";
import { auditRouter } from "./routers/audit";
import { billingRouter } from "./routers/billing";
import { catalogRouter } from "./routers/catalog";
import { catalogAdminRouter } from "./routers/catalogAdmin";
import { contractActionsRouter } from "./routers/contractActions";
import { contractsRouter } from "./routers/contracts";
import { couponsRouter } from "./routers/coupons";
import { customersRouter } from "./routers/customers";
import { dashboardRouter } from "./routers/dashboard";
import { forecastRouter } from "./routers/forecast";
import { quoteBuilderRouter } from "./routers/quoteBuilder";
import { refundsRouter } from "./routers/refunds";
import { runsRouter } from "./routers/runs";
import { searchRouter } from "./routers/search";
import { sessionRouter } from "./routers/session";
import { settingsRouter } from "./routers/settings";
import { usageRouter } from "./routers/usage";
import { usersRouter } from "./routers/users";
import { webhooksRouter } from "./routers/webhooks";

export const appRouter = router({
  account: accountRouter,
  catalog: catalogRouter,
  catalogAdmin: catalogAdminRouter,
  coupons: couponsRouter,
  customers: customersRouter,
  contractActions: contractActionsRouter,
  quoteBuilder: quoteBuilderRouter,
  apiKeys: apiKeysRouter,
  billing: billingRouter,
  audit: auditRouter,
  users: usersRouter,
  session: sessionRouter,
  settings: settingsRouter,
  webhooks: webhooksRouter,
  dashboard: dashboardRouter,
  contracts: contractsRouter,
  runs: runsRouter,
  search: searchRouter,
  refunds: refundsRouter,
  forecast: forecastRouter,
  usage: usageRouter,
  analytics: analyticsRouter,
});

export type AppRouter = typeof appRouter;
