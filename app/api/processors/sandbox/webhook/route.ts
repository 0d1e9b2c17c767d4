import { processorWebhook } from "@/server/http/public";

export const POST = processorWebhook;
