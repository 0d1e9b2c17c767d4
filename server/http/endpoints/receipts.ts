// REST route of a billing run's receipt.
import { z } from "zod";
import { receiptForRun } from "@/server/domain/receipts/receipt";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { receiptPdfResponse } from "@/server/receipts/response";
import { receiptResponse } from "@/server/schemas/receipts";

const wantsPdf = (req: Request) => /\bapplication\/pdf\b/i.test(req.headers.get("accept") ?? "");

export const receiptEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/billing-runs/{billingRunId}/receipt/",
    summary: "Read the receipt of a succeeded billing run",
    tags: ["Billing runs"],
    extension: true,
    params: z.object({ billingRunId: intId }),
    response: receiptResponse,
    alternateMedia: { "application/pdf": { type: "string", format: "binary" } },
    description:
      "Every succeeded run has a receipt numbered sequentially per account without gaps (given in the transaction that settles the run). JSON by default; the PDF with `Accept: application/pdf`. 404 for runs that have not succeeded and for other accounts' runs.",
    handler: async (ctx, { params, req }) => {
      const receipt = await receiptForRun(ctx, params.billingRunId);
      return wantsPdf(req) ? receiptPdfResponse(receipt) : receipt;
    },
  }),
];
