import { signOutForm } from "@/server/http/portal";

export const dynamic = "force-dynamic";

// POST /portal/sign-out – ends the customer's portal session and clears its cookie
export const POST = signOutForm;
