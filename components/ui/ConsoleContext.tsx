"use client";
// The account's display settings for every console component (time zone, locale, the account clock's
// "now" for relative dates). The admin layout provides it from the account's settings:
//
//   <ConsoleProvider value={{ timeZone: "Europe/Helsinki", locale: "en-GB", now: "2028-04-10T06:30:00Z" }}>…
//   const { timeZone } = useConsole();
import { createContext, useContext } from "react";
import { DEFAULT_LOCALE } from "./money";

export interface ConsoleSettings {
  timeZone: string;
  locale: string;
  now: string | null;
}

const ConsoleContext = createContext<ConsoleSettings>({ timeZone: "UTC", locale: DEFAULT_LOCALE, now: null });

export function ConsoleProvider({ value, children }: { value: ConsoleSettings; children: React.ReactNode }) {
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export const useConsole = (): ConsoleSettings => useContext(ConsoleContext);
