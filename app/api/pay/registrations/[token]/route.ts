import { submitCardForm } from "@/server/http/endpoints/public";

export const dynamic = "force-dynamic";

export const POST = submitCardForm;
