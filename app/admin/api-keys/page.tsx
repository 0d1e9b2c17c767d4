import { PageHeader } from "@/components/admin/PageHeader";
import { ApiKeyTable } from "@/components/admin/apiKeys/ApiKeyTable";
import { Card } from "@/components/ui/Card";

export default function ApiKeysPage() {
  return (
    <>
      <PageHeader title="API keys" description="Send a key as `Authorization: Api-Key <key>`. Secret keys may call every operation; public keys only the public ones." />
      <Card><ApiKeyTable /></Card>
    </>
  );
}
