import { notFound } from "next/navigation";
import { ProductDetail } from "@/components/admin/products/ProductDetail";

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <ProductDetail productId={Number(id)} />;
}
