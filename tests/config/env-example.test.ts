// .env.example lists exactly the variables server/config.ts knows, each with its default and a line of meaning,
// because it is rendered from that table: the committed file must equal the rendering.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig, renderEnvExample, VARIABLES } from "@/server/config";

const file = readFileSync(".env.example", "utf8");

/** The file's variables: each `# NAME=default` line with the meaning line above it. */
function listed(text: string) {
  const lines = text.split("\n");
  const found = new Map<string, { default: string; meaning: string }>();
  lines.forEach((line, i) => {
    const m = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) found.set(m[1], { default: m[2], meaning: (lines[i - 1] ?? "").replace(/^# ?/, "") });
  });
  return found;
}

describe(".env.example", () => {
  it("is the rendering of server/config.ts's table (run `npm run env:example` after changing the table)", () => {
    expect(file).toBe(renderEnvExample());
  });

  it("lists every variable the table knows, and nothing else, each with its default and a meaning", () => {
    const vars = listed(file);
    expect([...vars.keys()].sort()).toEqual(Object.keys(VARIABLES).sort());
    for (const [name, variable] of Object.entries(VARIABLES)) {
      const entry = vars.get(name)!;
      expect(entry.default, name).toBe(("default" in variable ? variable.default : undefined) ?? "");
      expect(entry.meaning, name).toBe(variable.doc);
      expect(entry.meaning.length, name).toBeGreaterThan(15);
      expect(entry.meaning, name).not.toMatch(/^[A-Z][A-Z0-9_]*=/); // a meaning, not another variable
    }
  });

  it("secrets have no default", () => {
    const secrets = Object.entries(VARIABLES).filter(([, v]) => "secret" in v && v.secret);
    expect(secrets.map(([name]) => name)).toEqual(
      expect.arrayContaining(["NEXTAUTH_SECRET", "APP_SECRET", "DATABASE_URL", "SMTP_URL", "SEED_SECRET_KEY"]),
    );
    for (const [name, v] of secrets) expect("default" in v ? v.default : undefined, name).toBeUndefined();
  });

  it("every default the service reads is a valid value of its type", () => {
    expect(() => parseConfig({})).not.toThrow();
  });
});
