// One resource of the API reference: its operations (parameters, statuses, curl and SDK calls) and the
// schemas they use; field tables and examples open on demand from details.json (OnDemand.tsx), so each page
// stays small (e2e/docs.spec.ts measures them).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiSidebar } from "@/components/docs/ApiSidebar";
import { OnDemand } from "@/components/docs/OnDemand";
import { ErrorAnswers, OperationCard } from "@/components/docs/OperationCard";
import { schemaAnchor } from "@/components/docs/openapi";
import { reference, schemasUsedBy } from "@/components/docs/reference";

type Props = { params: Promise<{ resource: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { resource: slug } = await params;
  const resource = reference().resources.find((r) => r.slug === slug);
  return { title: `${resource?.tag ?? "Not found"} · API reference` };
}

export default async function ResourcePage({ params }: Props) {
  const { resource: slug } = await params;
  const { doc, resources } = reference();
  const resource = resources.find((r) => r.slug === slug);
  if (!resource) notFound();
  const basePath = doc.servers?.[0]?.url ?? "";
  const schemas = schemasUsedBy(doc, resource.operations);
  const detailsSrc = `/docs/api/${resource.slug}/details.json`;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:gap-8">
      <ApiSidebar resources={resources} current={resource.slug} />
      <main className="min-w-0 flex-1 space-y-6 break-words">
        <h1 className="text-2xl font-semibold sm:text-3xl">{resource.tag}</h1>
        {resource.operations.map((entry) => (
          <OperationCard key={entry.anchor} doc={doc} entry={entry} basePath={basePath} detailsSrc={detailsSrc} />
        ))}
        <ErrorAnswers doc={doc} entries={resource.operations} />
        {schemas.length ? (
          <section id="schemas" className="space-y-3">
            <h2 className="text-xl font-semibold">Schemas used here</h2>
            {schemas.map((name) => {
              const schema = doc.components?.schemas?.[name] ?? {};
              return (
                <article
                  key={name}
                  id={schemaAnchor(name)}
                  className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <h3 className="break-all font-mono font-semibold">{name}</h3>
                  {schema.description ? <p className="text-sm text-slate-600">{schema.description}</p> : null}
                  <OnDemand src={detailsSrc} part={{ kind: "schema", name }} summary="Fields" />
                </article>
              );
            })}
          </section>
        ) : null}
      </main>
    </div>
  );
}
