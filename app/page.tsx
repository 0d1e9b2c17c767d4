import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-10 space-y-4">
      <h1 className="text-2xl font-semibold">Subscription Contracts V2</h1>
      <ul className="list-disc pl-6 space-y-1 text-blue-700">
        <li>
          <Link href="/admin">Admin console</Link>
        </li>
        <li>
          <Link href="/docs/api" prefetch={false}>
            API reference
          </Link>
        </li>
        <li>
          <a href="/api/v2/openapi.json">OpenAPI document</a>
        </li>
        <li>
          <a href="/api/health">Health</a>
        </li>
      </ul>
    </main>
  );
}
