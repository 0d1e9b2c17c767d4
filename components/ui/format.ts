// Form input helpers. Money and dates for people: <Money>/formatMoney (./money) and <DateTime> (./dates).

/** Local wall-clock value of an <input type="datetime-local"> → ISO 8601 in UTC. */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString();
}
