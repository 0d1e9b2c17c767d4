import { processorWebhook } from "@/server/http/public";

export const dynamic = "force-dynamic";

export const POST = processorWebhook;
