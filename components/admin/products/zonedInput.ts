// A <input type="datetime-local"> value read in the account's display zone (not the browser's), as a UTC ISO instant.
import { DateTime } from "luxon";

export function zonedInputToIso(value: string, zone: string): string {
  const d = DateTime.fromISO(value, { zone });
  return d.isValid ? d.toUTC().toISO()! : value;
}
