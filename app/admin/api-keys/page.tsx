import { ApiKeyTable } from "@/components/admin/apiKeys/ApiKeyTable";
import { NewApiKeyForm } from "@/components/admin/apiKeys/NewApiKeyForm";
import { CardsPage } from "@/components/admin/CardsPage";

export default function ApiKeysPage() {
  return (
    <CardsPage title="API keys" cards={{ Keys: <ApiKeyTable />, "New API key": <NewApiKeyForm /> }}>
      Send a key as `Authorization: Api-Key &lt;key&gt;`. Secret keys may call every operation; public keys only the
      public ones.
    </CardsPage>
  );
}
