import { ApiKeyTable } from "@/components/admin/apiKeys/ApiKeyTable";
import { NewApiKeyForm } from "@/components/admin/apiKeys/NewApiKeyForm";
import { ListPage } from "@/components/admin/ListPage";

export default function ApiKeysPage() {
  return (
    <ListPage
      title="API keys"
      description="Send a key as `Authorization: Api-Key <key>`. Secret keys may call every operation; public keys only the public ones."
      listTitle="Keys"
      list={<ApiKeyTable />}
      formTitle="New API key"
      form={<NewApiKeyForm />}
    />
  );
}
