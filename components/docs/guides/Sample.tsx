// A guide's code sample, read from docs/samples/ (the same file tests/sdk/guides.test.ts executes), so
// what the page shows is what was run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CodeBlock } from "@/components/docs/CodeBlock";

const SAMPLES_DIR = path.join(process.cwd(), "docs/samples");

export function Sample({ file }: { file: string }) {
  const code = readFileSync(path.join(SAMPLES_DIR, path.basename(file)), "utf8");
  return <CodeBlock code={code} label={file} testId="guide-sample" />;
}
