// The subscriber page of a link the seller rotated or let expire: says so and whom to ask, instead of a 404.
export function LinkExpired({ seller }: { seller: string }) {
  return (
    <main className="mx-auto max-w-2xl p-4">
      <h1 className="text-xl font-semibold">This link has expired</h1>
      <p className="mt-2 text-sm" data-testid="link-expired">
        Ask {seller} for a new one.
      </p>
    </main>
  );
}
