"use client";
// The few words of the shared UI (dialog close, pagination, "Billed by usage") in the page's language: English
// by default (the console); the customer pages provide their translations (SubscriberProviders).
import { createContext, useContext } from "react";

export interface UiText {
  close: string;
  keepAsIs: string;
  pagination: (label: string) => string;
  range: (from: number, to: number, total: number) => string;
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
  billedByUsage: string;
  nothingDueNow: string;
}

const ENGLISH: UiText = {
  close: "Close",
  keepAsIs: "Keep as is",
  pagination: (label) => `${label}: pages`,
  range: (from, to, total) => `${from}–${to} of ${total}`,
  previous: "Previous",
  next: "Next",
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  billedByUsage: "Billed by usage",
  nothingDueNow: "nothing due now",
};

const UiTextContext = createContext<UiText>(ENGLISH);

export function UiTextProvider({ value, children }: { value: UiText; children: React.ReactNode }) {
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

export const useUiText = (): UiText => useContext(UiTextContext);
