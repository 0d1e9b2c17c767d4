import { BundleDetail } from "@/components/admin/catalog/BundleDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getBundle } from "@/server/domain/bundles/bundles";

// A missing bundle, or another account's, answers HTTP 404 (the console's not-found page).
export default async function BundlePage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  await orNotFound(getBundle(await consoleCtx(), id, { active: "all" }));
  return <BundleDetail bundleId={id} />;
}
