import { H2, InlineCode, Paragraph, Ref, Shell } from "./Prose";
import { Sample } from "./Sample";

export function Quickstart() {
  return (
    <>
      <Paragraph>
        In five minutes, with the demo data: a quote, a contract from a checkout, an upgrade, and the next month billed
        on the test clock. You need Node.js 20.19+ (22 LTS recommended) and a secret API key.
      </Paragraph>
      <H2>1. Get a key</H2>
      <Paragraph>
        In the console, open <Ref href="/admin/api-keys">API keys</Ref> and create a secret key for the demo account (it
        starts with <InlineCode>sk_test_</InlineCode>). Keys travel as{" "}
        <InlineCode>Authorization: Api-Key &lt;key&gt;</InlineCode>; never put a secret key in a browser.
      </Paragraph>
      <H2>2. Install the SDK</H2>
      <Paragraph>
        The SDK is a built package (JavaScript with type declarations) whose only dependency is openapi-fetch. Build its
        tarball in the service's repository with <InlineCode>npm run sdk:pack</InlineCode> and install that file (see{" "}
        <InlineCode>sdk/README.md</InlineCode>
        ); tsx runs the TypeScript sample below.
      </Paragraph>
      <Shell
        code={`npm install /path/to/subscription-contracts-sdk-2.0.0.tgz tsx\nexport API_BASE_URL=https://<this host>/api\nexport API_KEY=sk_test_...`}
      />
      <H2>3. Quote, check out, change, bill</H2>
      <Paragraph>
        Save this as <InlineCode>quickstart.ts</InlineCode> and run <InlineCode>npx tsx quickstart.ts</InlineCode>.
        Every call is typed from the OpenAPI document; a non-2xx answer throws an <InlineCode>ApiError</InlineCode> with
        the field messages.
      </Paragraph>
      <Sample file="quickstart.ts" />
      <Paragraph>
        You should see a quote of 12.2760 EUR (9.9000 + 24 % VAT), a contract id with its paid first run, and after the
        clock moves 32 days a <InlineCode>regular</InlineCode> run for the next period, plus the prorated upgrade.
      </Paragraph>
      <H2>Next</H2>
      <Paragraph>
        Receive the events of what just happened: <Ref href="/docs/guides/webhooks">webhooks</Ref>. All operations:{" "}
        <Ref href="/docs/api">API reference</Ref>.
      </Paragraph>
    </>
  );
}
