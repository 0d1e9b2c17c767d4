import { openApiResponse } from "@/server/http/meta";

export const dynamic = "force-dynamic";

export const GET = openApiResponse;
