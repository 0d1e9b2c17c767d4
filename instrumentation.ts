// Runs once when the Next.js server starts: refuse to serve without explicit secrets where generated
// ones are not acceptable (production against an external database; server/secretsPolicy.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { secretsConfigProblem } = await import("./server/secretsPolicy");
  const problem = secretsConfigProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
