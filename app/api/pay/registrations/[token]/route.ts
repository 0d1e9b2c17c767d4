import { getCardFormState, submitCardForm } from "@/server/http/endpoints/public";

export const dynamic = "force-dynamic";

export const GET = getCardFormState;
export const POST = submitCardForm;
