/** API shape of a timestamp: ISO 8601 in UTC. */
export const iso = (d: Date): string => d.toISOString();
export const isoN = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
