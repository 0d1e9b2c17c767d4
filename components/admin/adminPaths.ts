// The console's addresses of one record, in one place: a link to a run, a contract or a customer is built
// here and nowhere else, so a page cannot point at a path that does not exist.
export const runPath = (id: number | string) => `/admin/billing-runs/${id}`;
export const runReceiptPath = (id: number | string) => `${runPath(id)}/receipt`;
export const contractPath = (id: number | string) => `/admin/contracts/${id}`;
/** A customer's page is keyed by reference (URL-encoded) or id. */
export const customerPath = (key: number | string) => `/admin/customers/${encodeURIComponent(String(key))}`;
export const creditNotePath = (id: number | string) => `/admin/credit-notes/${id}`;
