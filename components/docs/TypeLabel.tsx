// A compact, linked type expression for a JSON schema: `CatalogPrice[] | object`, `string (date-time) | null`.
import { type JsonSchema, refName, schemaAnchor } from "./openapi";

const HUGE = 2 ** 52; // zod's default integer bounds carry no information

function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.format) out.push(s.format);
  if (s.minimum !== undefined && Math.abs(s.minimum) < HUGE) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && Math.abs(s.maximum) < HUGE) out.push(`≤ ${s.maximum}`);
  if (s.minLength !== undefined) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  return out;
}

export function TypeLabel({ schema }: { schema: JsonSchema }): React.ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${schemaAnchor(name)}`} className="text-blue-700 hover:underline">
        {name}
      </a>
    );
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (schema.enum) return <span>{schema.enum.map((v) => JSON.stringify(v)).join(" | ")}</span>;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return <Join parts={variants.map((v, i) => <TypeLabel key={i} schema={v} />)} sep=" | " />;
  if (schema.allOf) return <Join parts={schema.allOf.map((v, i) => <TypeLabel key={i} schema={v} />)} sep=" & " />;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) return <span>any</span>;
  return (
    <Join
      sep=" | "
      parts={types.map((t) => {
        if (t === "array") return <span key={t}>{schema.items ? <TypeLabel schema={schema.items} /> : "any"}[]</span>;
        if (
          t === "object" &&
          !schema.properties &&
          schema.additionalProperties &&
          typeof schema.additionalProperties === "object"
        ) {
          return (
            <span key={t}>
              map of <TypeLabel schema={schema.additionalProperties} />
            </span>
          );
        }
        const extra = t === "null" ? [] : constraints(schema);
        return (
          <span key={t}>
            {t}
            {extra.length ? <span className="text-slate-600"> ({extra.join(", ")})</span> : null}
          </span>
        );
      })}
    />
  );
}

function Join({ parts, sep }: { parts: React.ReactNode[]; sep: string }) {
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {i ? sep : null}
          {p}
        </span>
      ))}
    </>
  );
}
