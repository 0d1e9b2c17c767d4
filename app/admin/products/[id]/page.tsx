import { ProductDetail } from "@/components/admin/products/ProductDetail";
import { consoleCtx, idParam, orNotFound } from "@/server/admin/loaders";
import { getProduct } from "@/server/domain/catalog/products";

// A missing product, or another account's, answers HTTP 404 (the console's not-found page).
export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idParam((await params).id);
  await orNotFound(getProduct(await consoleCtx(), id));
  return <ProductDetail productId={id} />;
}
