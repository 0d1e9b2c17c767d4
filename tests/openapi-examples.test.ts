// Every operation's documented example (server/http/openapiExamples.json: what the document, the API reference
// and its curl/SDK snippets show) is sent, in the scenario's order (tests/examples/scenario.ts), to a fresh
// database with the demo data: each must answer its documented success status with a body that matches the
// document (helpers.ts checks every answer), and the documented requests must be the ones sent.
// RECORD_EXAMPLES=1 (`npm run openapi:examples`) writes the file instead of comparing with it.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/server/http/registry";
import type { SeedResult } from "@/server/seed/demo";
import { EXAMPLE_TIME, type ExampleRequest, fixToken, type ScenarioContext, steps } from "@/tests/examples/scenario";
import { api, seed, setRequestTime, useSeed } from "@/tests/helpers";
import { checkAnswer } from "@/tests/openapi-check";

const FILE = "server/http/openapiExamples.json";
const RECORD = process.env.RECORD_EXAMPLES === "1";

interface Recorded {
  request: ExampleRequest;
  status: number;
  answer: unknown;
  /** The answer's media type when it is not JSON (an export's CSV). */
  content_type?: string;
}

const urlOf = (path: string, request: ExampleRequest) => {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.path?.[name])));
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${filled}?${query}` : filled;
};

/** Replaces random values (tokens) by their fixed example values everywhere in an answer (and the origin). */
const substitute = (value: unknown, pairs: [string, string][]) =>
  JSON.parse(pairs.reduce((text, [from, to]) => text.split(from).join(to), JSON.stringify(value)));

let s: SeedResult;
useSeed(seed, (r) => (s = r));

describe("the documented examples", () => {
  it("cover every operation, once each", () => {
    const keys = steps.map((step) => step.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
  });

  it("each request answers its documented success status and a body the document describes", async () => {
    setRequestTime(EXAMPLE_TIME);
    const answers: Record<string, unknown> = {};
    const recorded: Record<string, Recorded> = {};
    // the in-process caller's origin, shown as a real host
    const tokens: [string, string][] = [["http://test.local", "https://billing.example.com"]];
    const x: ScenarioContext = { ids: s.ids, accountId: s.accountId, answer: (key) => answers[key], kept: {} };
    for (const step of steps) {
      await step.before?.(x);
      const request = step.request(x);
      const [method, path] = step.key.split(" ");
      const res = await api(method, urlOf(path, request), { body: request.body, headers: request.headers });
      expect(res.status, `${step.key}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      const fixed = await fixToken(step.key, res.body);
      if (fixed) tokens.push(fixed);
      answers[step.key] = substitute(res.body, tokens);
      const mediaType = res.headers.get("content-type")?.split(";")[0].trim();
      recorded[step.key] = {
        request,
        status: res.status,
        answer: answers[step.key],
        ...(mediaType && mediaType !== "application/json" ? { content_type: mediaType } : {}),
      };
    }
    if (RECORD) {
      writeFileSync(FILE, `${JSON.stringify(recorded, null, 2)}\n`);
      return;
    }
    const documented: Record<string, Recorded> = JSON.parse(readFileSync(FILE, "utf8"));
    expect(Object.keys(documented).sort(), "run `npm run openapi:examples`").toEqual(Object.keys(recorded).sort());
    for (const [key, sent] of Object.entries(recorded)) {
      const shown = documented[key];
      expect(shown.request, `${key}: the documented request is the one sent (npm run openapi:examples)`).toEqual(
        sent.request,
      );
      expect(shown.status, key).toBe(sent.status);
      const [method, path] = key.split(" ");
      try {
        const mediaType = shown.content_type ?? (shown.answer === null ? null : "application/json");
        checkAnswer(method, path, shown.status, mediaType, shown.answer);
      } catch (e) {
        throw new Error(`${(e as Error).message}
The documented example is stale: run \`npm run openapi:examples\`.`);
      }
    }
  });
});
