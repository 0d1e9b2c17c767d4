// What each previewed contract operation's dialog says and which tRPC procedure confirms it, in one place:
// the dialogs state only their title (an item's names the item) and their fields.
import type { Operation } from "@/server/schemas/contracts";

export const OPERATION_TEXTS = {
  add_item: {
    procedure: "addItem",
    description: "Preview what the customer is charged for the rest of the period, then confirm.",
    confirmLabel: "Confirm add item",
    successMessage: "Item added",
  },
  update_item: {
    procedure: "updateItem",
    description: "Upgrade, downgrade or change the quantity; the preview shows the prorated charge or credit.",
    confirmLabel: "Confirm change",
    successMessage: "Item changed",
  },
  remove_item: {
    procedure: "removeItem",
    description: "The item stops now; the preview shows any credit for the unused part of the period.",
    confirmLabel: "Confirm remove item",
    successMessage: "Item removed",
  },
  cancel: {
    procedure: "cancel",
    description: "Choose when the contract ends; the preview shows any credit for the unused period.",
    confirmLabel: "Confirm cancel contract",
    successMessage: "Contract canceled",
  },
  pause: {
    procedure: "pause",
    description: "No billing and no service during the window; the preview shows the credit for the paused days.",
    confirmLabel: "Confirm pause contract",
    successMessage: "Pause scheduled",
  },
  resume: {
    procedure: "resume",
    description: "End the current pause now; the preview shows what is charged for the rest of the period.",
    confirmLabel: "Confirm resume contract",
    successMessage: "Contract resumed",
  },
  restart: {
    procedure: "restart",
    description: "Clear the pending cancellation, or reactivate a canceled contract; the preview shows any charge.",
    confirmLabel: "Confirm restart contract",
    successMessage: "Contract restarted",
  },
} as const satisfies Record<
  Operation,
  { procedure: string; description: string; confirmLabel: string; successMessage: string }
>;

export interface ActionText {
  title: string;
  description?: string;
  confirmLabel: string;
  successMessage: string;
  tone?: "primary" | "danger";
}

/** The contract actions without a proration preview (ContractActionDialog): what each dialog says. */
export const ACTION_TEXTS = {
  rotateSubscriberLink: {
    title: "Rotate subscriber link?",
    description:
      "The customer's current link to this contract's subscriber page stops working at once; send them the new one.",
    confirmLabel: "Rotate link",
    successMessage: "Subscriber link rotated",
  },
  activate: {
    title: "Activate contract?",
    description: "Billing starts: the first run is created as the contract's initial billing mode says.",
    confirmLabel: "Activate contract",
    successMessage: "Contract activated",
  },
  addCredit: {
    title: "Add credit",
    // its description names the contract's currency (AddCreditDialog)
    confirmLabel: "Add credit",
    successMessage: "Credit added",
  },
  editMetadata: {
    title: "Edit metadata",
    description: "Replaces the contract's metadata with this JSON object.",
    confirmLabel: "Save metadata",
    successMessage: "Metadata saved",
  },
  applyCoupon: {
    title: "Apply coupon",
    description: "Replaces any running discount; it counts from the contract's next regular run.",
    confirmLabel: "Apply coupon",
    successMessage: "Discount applied",
  },
  removeDiscount: {
    title: "Remove discount?",
    description: "Runs from now on are billed without it. The coupon's redemption stays counted.",
    confirmLabel: "Remove discount",
    successMessage: "Discount removed",
    tone: "danger",
  },
} as const satisfies Record<string, ActionText>;

// A scheduled pause or item change can be called off before it takes effect (CallOffButtons.tsx).
export const CALL_OFF_TEXTS = {
  pause: {
    label: "Cancel pause",
    description: "Billing and service continue through the window as if no pause had been scheduled.",
  },
  change: {
    label: "Cancel scheduled change",
    description: "The item keeps its current price and quantity; the renewal bills them.",
  },
};

export type CallOffWhat = keyof typeof CALL_OFF_TEXTS;
