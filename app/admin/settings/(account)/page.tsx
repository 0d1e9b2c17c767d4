import { AccountSettingsForm } from "@/components/admin/settings/AccountSettingsForm";
import { PageHeader } from "@/components/ui/PageHeader";

export default function AccountSettingsPage() {
  return (
    <>
      <PageHeader
        title="Account settings"
        description="Your account's name, subscriber page and the time zone the console shows dates in."
      />
      <AccountSettingsForm />
    </>
  );
}
