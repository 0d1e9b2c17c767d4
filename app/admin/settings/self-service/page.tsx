import { CancellationSettingsForm } from "@/components/admin/settings/CancellationSettingsForm";
import { SelfServicePolicyForm } from "@/components/admin/settings/SelfServicePolicyForm";
import { PageHeader } from "@/components/ui/PageHeader";

export default function SelfServiceSettingsPage() {
  return (
    <>
      <PageHeader
        title="Customer self-service"
        description="What your customers may change themselves on their subscriber page, and how their plan changes are charged."
      />
      <SelfServicePolicyForm />
      <div className="mt-6">
        <CancellationSettingsForm />
      </div>
    </>
  );
}
