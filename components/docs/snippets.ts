// Copyable calls of one operation: curl and the TypeScript SDK, sending the operation's documented example
// (its parameters' and request body's `example`, recorded by tests/openapi-examples.test.ts, which sends
// the same request); the generated example values of examples.ts where an operation has none.
import { requestExample } from "./examples";
import { jsonContent, type OpenApiDoc, type OperationEntry } from "./openapi";

const placeholder = (name: string) => (name.toLowerCase().includes("token") ? "chk_3f9a2b7c" : 42);

/** The example's values: path parameters, query parameters, headers (Idempotency-Key) and body. */
function exampleOf(doc: OpenApiDoc, entry: OperationEntry) {
  const parameters = entry.op.parameters ?? [];
  const valuesIn = (where: string) =>
    Object.fromEntries(
      parameters.filter((p) => p.in === where && p.example !== undefined).map((p) => [p.name, p.example]),
    );
  const path = Object.fromEntries(
    [...entry.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, valuesIn("path")[name] ?? placeholder(name)]),
  );
  const media = entry.op.requestBody?.content?.["application/json"];
  const body = media ? (media.example ?? requestExample(doc, jsonContent(entry.op.requestBody?.content))) : undefined;
  return { path, query: valuesIn("query"), headers: valuesIn("header"), body };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

export function curlSnippet(doc: OpenApiDoc, entry: OperationEntry, basePath: string): string {
  const { path, query, headers, body } = exampleOf(doc, entry);
  const filled = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const lines = [`curl -X ${entry.method.toUpperCase()} "$API_BASE_URL${filled}${search ? `?${search}` : ""}"`];
  if ((entry.op.security ?? [{}]).length > 0) lines.push(`  -H "Authorization: Api-Key $API_KEY"`);
  for (const [name, value] of Object.entries(headers)) lines.push(`  -H "${name}: ${value}"`);
  if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d ${shellQuote(JSON.stringify(body))}`);
  }
  return `# API_BASE_URL=https://<your host>${basePath}\n${lines.join(" \\\n")}`;
}

export function sdkSnippet(doc: OpenApiDoc, entry: OperationEntry): string {
  const { path, query, headers, body } = exampleOf(doc, entry);
  const params: string[] = [];
  if (Object.keys(path).length) params.push(`path: ${JSON.stringify(path)}`);
  if (Object.keys(query).length) params.push(`query: ${JSON.stringify(query)}`);
  if (Object.keys(headers).length) params.push(`header: ${JSON.stringify(headers)}`);
  const options: string[] = [];
  if (params.length) options.push(`params: { ${params.join(", ")} }`);
  if (body !== undefined) options.push(`body: ${JSON.stringify(body)}`);
  const args = options.length ? `, { ${options.join(", ")} }` : "";
  return [
    `import { createClient, unwrap } from "@subscription-contracts/sdk";`,
    ``,
    `const client = createClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.API_BASE_URL! });`,
    `const result = await unwrap(client.${entry.method.toUpperCase()}("${entry.path}"${args}));`,
  ].join("\n");
}
