"use client";
// The HTML a seller pastes into their page to mount the checkout widget of a channel, with a copy button,
// and how the session token it needs is made (on the seller's server, never in the browser).
import { CopyButton } from "@/components/ui/CopyButton";

export function embedSnippet(origin: string): string {
  return [
    `<div id="checkout"></div>`,
    `<script src="${origin}/embed/v1.js"></script>`,
    `<script>SubscriptionCheckout.mount(document.getElementById('checkout'), { session: '<session token created by your server>' })</script>`,
  ].join("\n");
}

export function EmbedSnippet({ channelId }: { channelId: number }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const snippet = embedSnippet(origin);
  return (
    <div className="space-y-3" data-testid="embed-snippet">
      <div className="flex items-start gap-2">
        <pre
          className="min-w-0 flex-1 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-50"
          role="region"
          tabIndex={0}
          aria-label="Embed snippet"
        >
          <code data-testid="embed-snippet-code">{snippet}</code>
        </pre>
        <CopyButton value={snippet} what="embed snippet" />
      </div>
      <p className="text-sm text-slate-700">
        The page must be served from one of the channel&apos;s allowed origins. For each visitor, your server creates a
        checkout session with a secret key, <code className="font-mono text-xs">POST /api/v2/checkout-sessions/</code>{" "}
        with <code className="font-mono text-xs">{`{"sales_channel": ${channelId}}`}</code>, and puts the session&apos;s
        token in place of <code className="font-mono text-xs">&lt;session token created by your server&gt;</code>. Never
        put a secret key in the page.
      </p>
    </div>
  );
}
