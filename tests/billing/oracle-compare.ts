// Field-by-field comparison of the oracle's expectations with API bodies: every leaf of the expected
// value is compared (extra fields in the actual body are ignored) and each difference is one line.
export interface Diffs {
  list: string[];
  compared: number;
}

export function compareInto(diffs: Diffs, path: string, expected: unknown, actual: unknown) {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      diffs.compared++;
      diffs.list.push(`${path}: expected an array of ${expected.length}, got ${JSON.stringify(actual)}`);
      return;
    }
    if (actual.length !== expected.length) {
      diffs.list.push(`${path}.length: expected ${expected.length}, got ${actual.length}`);
    }
    diffs.compared++;
    expected.forEach((e, k) => {
      if (k < actual.length) compareInto(diffs, `${path}[${k}]`, e, actual[k]);
    });
    return;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") {
      diffs.compared++;
      diffs.list.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      return;
    }
    for (const [k, e] of Object.entries(expected))
      compareInto(diffs, `${path}.${k}`, e, (actual as Record<string, unknown>)[k]);
    return;
  }
  diffs.compared++;
  if (expected !== actual)
    diffs.list.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
