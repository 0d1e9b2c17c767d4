import { ApiKeyTable } from "@/components/admin/apiKeys/ApiKeyTable";
import { NewApiKeyForm } from "@/components/admin/apiKeys/NewApiKeyForm";
import { Card } from "@/components/ui/Card";
import { PageHeader } from "@/components/ui/PageHeader";

export default function ApiKeysPage() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="Send a key as `Authorization: Api-Key <key>`. Secret keys may call every operation; public keys only the public ones."
      />
      <Card title="Keys">
        <ApiKeyTable />
      </Card>
      <Card title="New API key">
        <NewApiKeyForm />
      </Card>
    </>
  );
}
