import { postSubscriberAction } from "@/server/http/endpoints/subscriber";

export const dynamic = "force-dynamic";

export const POST = postSubscriberAction;
