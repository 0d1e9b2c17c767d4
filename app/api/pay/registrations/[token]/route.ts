import { submitCardForm } from "@/server/http/public";

export const dynamic = "force-dynamic";

export const POST = async (req: Request, { params }: { params: Promise<{ token: string }> }) => submitCardForm(req, (await params).token);
