// The admin console's tRPC transformer (server and browser): superjson, except that a plain object with
// a key superjson refuses (`__proto__`, `constructor`, `prototype`: it guards against prototype
// pollution) travels as JSON text. Such keys are legitimate in user-controlled JSON (metadata) and must
// be stored and shown faithfully; JSON.parse makes them own properties, so nothing is polluted.
// Inside such an object the values are plain JSON (a Date would arrive as its ISO string).
import { SuperJSON } from "superjson";

const REFUSED = new Set(["__proto__", "constructor", "prototype"]);

/** A plain-JSON value carried as text. */
class PlainJson {
  constructor(readonly value: unknown) {}
}

const sj = new SuperJSON();
sj.registerCustom<PlainJson, string>(
  {
    isApplicable: (v): v is PlainJson => v instanceof PlainJson,
    serialize: (v) => JSON.stringify(v.value),
    deserialize: (text) => new PlainJson(JSON.parse(text)),
  },
  "plain-json",
);

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Copies `v` with every outermost object that has a refused key wrapped; unchanged objects are reused. */
function wrap(v: unknown, depth = 0): unknown {
  if (depth > 200) return v; // inputs are depth-checked elsewhere; never recurse without bound
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    v.forEach((x, i) => {
      const w = wrap(x, depth + 1);
      if (w !== x) (out ??= v.slice())[i] = w;
    });
    return out ?? v;
  }
  if (!isPlainObject(v)) return v;
  const keys = Object.keys(v);
  if (keys.some((k) => REFUSED.has(k))) return new PlainJson(v);
  let out: Record<string, unknown> | null = null;
  for (const k of keys) {
    const w = wrap(v[k], depth + 1);
    if (w !== v[k]) (out ??= { ...v })[k] = w;
  }
  return out ?? v;
}

/** Undoes `wrap` after superjson restored the PlainJson instances (they are leaves of its tree). */
function unwrap(v: unknown, depth = 0): unknown {
  if (v instanceof PlainJson) return v.value;
  if (depth > 200) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = unwrap(v[i], depth + 1);
    return v;
  }
  if (!isPlainObject(v)) return v;
  for (const k of Object.keys(v)) {
    if (REFUSED.has(k)) continue; // never assigned: `o.__proto__ = x` would set the prototype
    const w = unwrap(v[k], depth + 1);
    if (w !== v[k]) v[k] = w;
  }
  return v;
}

export const transformer = {
  serialize: (v: unknown) => sj.serialize(wrap(v)),
  deserialize: (v: Parameters<SuperJSON["deserialize"]>[0]) => unwrap(sj.deserialize(v)),
};
