import { signInLinkForm } from "@/server/http/portal";

export const dynamic = "force-dynamic";

export const POST = (req: Request) => signInLinkForm(req);
