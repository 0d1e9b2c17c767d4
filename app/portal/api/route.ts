import { postPortalAction } from "@/server/http/endpoints/portalActions";

export const dynamic = "force-dynamic";

export const POST = postPortalAction;
