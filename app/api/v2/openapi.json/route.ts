import { openApiResponse } from "@/server/http/meta";

export const GET = openApiResponse;
