// The JavaScript each /admin page sends on its first load, from a `next build`'s manifests (Next 16,
// Turbopack): the app's root chunks (build-manifest rootMainFiles; the nomodule polyfills aside, which
// modern browsers skip) plus every chunk its client reference manifest lists for the route's entries
// (root and admin layouts, the page, its loading/error/not-found boundaries). Sizes are gzip (level 6, what
// a proxy's gzip sends) and brotli, per file, summed over the page's distinct files. Chunks a page loads
// later on demand (next/dynamic, import()) are not first-load and are not counted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { brotliCompressSync, gzipSync } from "node:zlib";

export interface PageJs {
  route: string;
  files: number;
  gzipBytes: number;
  brotliBytes: number;
}

function clientManifests(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("page_client-reference-manifest.js"))
    .map((f) => path.join(dir, f));
}

/** Null when there is no build output in `nextDir`. */
export function adminPageJs(nextDir = ".next"): PageJs[] | null {
  const adminDir = path.join(nextDir, "server", "app", "admin");
  if (!existsSync(path.join(nextDir, "BUILD_ID")) || !existsSync(adminDir)) return null;
  const build = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8"));
  const routes: Record<string, string> = JSON.parse(
    readFileSync(path.join(nextDir, "app-path-routes-manifest.json"), "utf8"),
  );
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(nextDir, file));
      size = { gzip: gzipSync(bytes, { level: 6 }).length, brotli: brotliCompressSync(bytes).length };
      sizes.set(file, size);
    }
    return size;
  };
  const out: PageJs[] = [];
  for (const file of clientManifests(adminDir)) {
    const sandbox: { globalThis: Record<string, unknown> } = { globalThis: {} };
    vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
    const manifests = (sandbox.globalThis.__RSC_MANIFEST ?? {}) as Record<
      string,
      { entryJSFiles?: Record<string, string[]> }
    >;
    for (const [entry, manifest] of Object.entries(manifests)) {
      const files = new Set<string>(build.rootMainFiles ?? []);
      for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of chunks) files.add(chunk);
      const js = [...files].filter((f) => f.endsWith(".js"));
      out.push({
        route: routes[entry] ?? entry,
        files: js.length,
        gzipBytes: js.reduce((sum, f) => sum + sizeOf(f).gzip, 0),
        brotliBytes: js.reduce((sum, f) => sum + sizeOf(f).brotli, 0),
      });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}
