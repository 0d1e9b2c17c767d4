import { H2, InlineCode, Paragraph } from "./Prose";
import { Sample } from "./Sample";

export function TestClocks() {
  return (
    <>
      <Paragraph>
        Every test-mode account has its own clock, starting at real time. All calls with the account&apos;s keys run at
        that instant, and moving it forward bills whatever falls due on the way, as the worker would over real days:
        regular runs, dunning retries, scheduled cancellations and pauses.
      </Paragraph>
      <H2>Advance</H2>
      <Sample file="test-clock.ts" />
      <Paragraph>
        The answer tells where the clock is (<InlineCode>test_clock_at</InlineCode>) and what was processed. The clock
        never goes back; live-mode accounts get 403. Webhooks of what happened are delivered on real time, right after
        the call.
      </Paragraph>
    </>
  );
}
