// Copyable calls of one operation: curl and the TypeScript SDK, with the example values of examples.ts.
import { requestExample } from "./examples";
import { jsonContent, type OpenApiDoc, type OperationEntry } from "./openapi";

function pathWithExamples(entry: OperationEntry) {
  return entry.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name.toLowerCase().includes("token") ? "chk_3f9a2b7c" : "42",
  );
}

export function curlSnippet(doc: OpenApiDoc, entry: OperationEntry, basePath: string): string {
  const body = jsonContent(entry.op.requestBody?.content);
  const lines = [`curl -X ${entry.method.toUpperCase()} "$API_BASE_URL${pathWithExamples(entry)}"`];
  if ((entry.op.security ?? [{}]).length > 0) lines.push(`  -H "Authorization: Api-Key $API_KEY"`);
  if (body) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(requestExample(doc, body))}'`);
  }
  return `# API_BASE_URL=https://<your host>${basePath}\n${lines.join(" \\\n")}`;
}

export function sdkSnippet(doc: OpenApiDoc, entry: OperationEntry): string {
  const body = jsonContent(entry.op.requestBody?.content);
  const names = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const options: string[] = [];
  if (names.length)
    options.push(
      `params: { path: { ${names.map((n) => `${n}: "${n.toLowerCase().includes("token") ? "chk_3f9a2b7c" : "42"}"`).join(", ")} } }`,
    );
  if (body) options.push(`body: ${JSON.stringify(requestExample(doc, body))}`);
  const args = options.length ? `, { ${options.join(", ")} }` : "";
  return [
    `import { createClient, unwrap } from "@subscription-contracts/sdk";`,
    ``,
    `const client = createClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.API_BASE_URL! });`,
    `const result = await unwrap(client.${entry.method.toUpperCase()}("${entry.path}"${args}));`,
  ].join("\n");
}
