// One guide, with the list of guides beside it (above it on a phone).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { GUIDES } from "@/components/docs/guides/list";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const guide = GUIDES.find((g) => g.slug === slug);
  return { title: `${guide?.title ?? "Not found"} · Guides` };
}

export default async function GuidePage({ params }: Props) {
  const { slug } = await params;
  const guide = GUIDES.find((g) => g.slug === slug);
  if (!guide) notFound();
  const { Content } = guide;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:gap-10">
      <nav aria-label="Guides" className="text-sm lg:sticky lg:top-6 lg:w-56 lg:shrink-0 lg:self-start">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 lg:block lg:space-y-1">
          {GUIDES.map((g) => (
            <li key={g.slug}>
              <Link
                href={`/docs/guides/${g.slug}`}
                aria-current={g.slug === slug ? "page" : undefined}
                className="text-slate-700 hover:text-blue-700 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
              >
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1 space-y-4 break-words text-slate-800">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{guide.title}</h1>
        <Content />
      </main>
    </div>
  );
}
