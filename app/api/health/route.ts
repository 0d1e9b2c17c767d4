import { healthResponse } from "@/server/http/meta";

export const dynamic = "force-dynamic";
export const GET = healthResponse;
