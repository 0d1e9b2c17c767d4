// The contract page's tabs (no "use client": the server page reads ?tab= with them). The first is the default.
import type { TabDef } from "@/components/ui/tabs";

export const CONTRACT_TABS = [
  { id: "overview", label: "Overview" },
  { id: "runs", label: "Runs" },
  { id: "usage", label: "Usage" },
  { id: "credit", label: "Credit" },
  { id: "activity", label: "Activity" },
] as const satisfies readonly TabDef[];
export type ContractTab = (typeof CONTRACT_TABS)[number]["id"];
