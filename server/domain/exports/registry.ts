// Every export kind by its URL name (/v2/exports/{kind}/, /admin/exports/{kind}): a new kind is one entry here
// (its filters, columns and batch loader in a file of this folder or its own area's).
import { mrrMovementsExport } from "./analyticsKinds";
import { billingRunLinesExport, billingRunsExport, creditNotesExport, receiptsExport } from "./billingKinds";
import type { ExportKind } from "./kind";
import {
  auditLogExport,
  contractItemsExport,
  contractsExport,
  customersExport,
  usageEventsExport,
} from "./recordKinds";

export const EXPORT_KINDS = {
  customers: customersExport,
  contracts: contractsExport,
  "contract-items": contractItemsExport,
  "billing-runs": billingRunsExport,
  "billing-run-lines": billingRunLinesExport,
  receipts: receiptsExport,
  "credit-notes": creditNotesExport,
  "usage-events": usageEventsExport,
  "mrr-movements": mrrMovementsExport,
  "audit-log": auditLogExport,
} satisfies Record<string, ExportKind>;

export type ExportKindName = keyof typeof EXPORT_KINDS;
export const EXPORT_KIND_NAMES = Object.keys(EXPORT_KINDS) as [ExportKindName, ...ExportKindName[]];
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportKind = (name: string): ExportKind | undefined =>
  Object.hasOwn(EXPORT_KINDS, name) ? EXPORT_KINDS[name as ExportKindName] : undefined;
