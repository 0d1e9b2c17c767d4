import { C, H2, P, Ref, Shell } from "./prose";
import { Sample } from "./Sample";

export function Quickstart() {
  return (
    <>
      <P>
        In five minutes, with the demo data: a quote, a contract from a checkout, an upgrade, and the next month billed
        on the test clock. You need Node.js 20.19+ (22 LTS recommended) and a secret API key.
      </P>
      <H2>1. Get a key</H2>
      <P>
        In the console, open <Ref href="/admin/api-keys">API keys</Ref> and create a secret key for the demo account (it
        starts with <C>sk_test_</C>). Keys travel as <C>Authorization: Api-Key &lt;key&gt;</C>; never put a secret key
        in a browser.
      </P>
      <H2>2. Install the SDK</H2>
      <P>
        The SDK is a built package (JavaScript with type declarations) whose only dependency is openapi-fetch. Build its
        tarball in the service's repository with <C>npm run sdk:pack</C> and install that file (see <C>sdk/README.md</C>
        ); tsx runs the TypeScript sample below.
      </P>
      <Shell
        code={`npm install /path/to/subscription-contracts-sdk-2.0.0.tgz tsx\nexport API_BASE_URL=https://<this host>/api\nexport API_KEY=sk_test_...`}
      />
      <H2>3. Quote, check out, change, bill</H2>
      <P>
        Save this as <C>quickstart.ts</C> and run <C>npx tsx quickstart.ts</C>. Every call is typed from the OpenAPI
        document; a non-2xx answer throws an <C>ApiError</C> with the field messages.
      </P>
      <Sample file="quickstart.ts" />
      <P>
        You should see a quote of 12.2760 EUR (9.9000 + 24 % VAT), a contract id with its paid first run, and after the
        clock moves 32 days a <C>regular</C> run for the next period, plus the prorated upgrade.
      </P>
      <H2>Next</H2>
      <P>
        Receive the events of what just happened: <Ref href="/docs/guides/webhooks">webhooks</Ref>. All operations:{" "}
        <Ref href="/docs/api">API reference</Ref>.
      </P>
    </>
  );
}
