// Runs once when the Next.js server starts: refuse to serve without explicit secrets or APP_URL where the
// development fallbacks are not acceptable (production against an external database; server/startupPolicy.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startupProblems } = await import("./server/startupPolicy");
  const problems = startupProblems();
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
}
