import { spawn } from "node:child_process";

/** Runs a command with inherited stdio; resolves with its exit code. */
export function run(cmd, args, { env = process.env, quiet = false, cwd } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, cwd, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let out = "";
    if (quiet) {
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
    }
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

export async function mustRun(cmd, args, opts) {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) {
    if (opts?.quiet) process.stderr.write(r.out);
    throw new Error(`${cmd} ${args.join(" ")} exited with ${r.code}`);
  }
  return r;
}

export const bin = (name) => `node_modules/.bin/${name}`;
