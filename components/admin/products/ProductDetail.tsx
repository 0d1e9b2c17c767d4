"use client";
// A product with its prices and their versions, and the forms that add to them.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RecordHeader } from "@/components/admin/RecordHeader";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { Loading, QueryError } from "@/components/ui/QueryState";
import { Fact } from "@/components/ui/TermList";
import { NewPriceForm } from "./NewPriceForm";
import { PriceCard } from "./PriceCard";

export function ProductDetail({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const product = useQuery(trpc.catalog.products.get.queryOptions({ id: productId }));
  const taxRates = useQuery(trpc.catalog.taxRates.list.queryOptions());
  if (product.isPending) return <Loading what="product" />;
  if (product.isError)
    return (
      <>
        <BackLink />
        <QueryError error={product.error} />
      </>
    );
  const p = product.data;
  const taxRate = taxRates.data?.find((r) => r.id === p.tax_rate_id);
  return (
    <>
      <BackLink />
      <RecordHeader record={p} kind="product" />
      <Card>
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-4" data-testid="product-attributes">
          <Fact label="Reference" value={p.reference ?? "—"} />
          <Fact label="Tax policy" value={p.tax_policy ?? "untaxed"} />
          <Fact label="Tax rate" value={taxRate ? `${taxRate.name}` : p.tax_rate_id ? `#${p.tax_rate_id}` : "—"} />
          <Fact label="Created" value={<DateTime value={p.created_at} />} />
        </dl>
      </Card>
      <Card title={`Prices (${p.prices.length})`} testId="product-prices">
        {p.prices.length ? (
          <div className="space-y-4">
            {p.prices.map((price) => (
              <PriceCard key={price.id} price={price} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-700">No prices yet.</p>
        )}
      </Card>
      <Card title="New price">
        <NewPriceForm productId={p.id} />
      </Card>
    </>
  );
}

function BackLink() {
  return (
    <Link href="/admin/products" className="text-sm text-blue-800 hover:underline">
      ← All products
    </Link>
  );
}
