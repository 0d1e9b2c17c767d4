// The header of a console page: the object's name, its id with a copy button, a status chip, the one
// or two primary actions as buttons, the rest in an actions menu.
//
//   <PageHeader title="Acme Ltd — Pro plan" id={contract.id} idLabel="contract id" status={contract.status}
//     description="Monthly contract"
//     actions={<Button variant="primary" onClick={…}>Change plan</Button>}
//     menu={[{ label: "Cancel contract", onSelect: () => setCancelOpen(true), danger: true }]} />
//   <PageHeader title="Contracts" description="Every contract of the account." />   // a list page
import { type ActionItem, ActionsMenu } from "./ActionsMenu";
import { CopyButton } from "./CopyButton";
import { StatusChip } from "./StatusChip";

export function PageHeader({
  title,
  id,
  idLabel = "id",
  status,
  statusLabel,
  description,
  actions,
  menu,
  children,
}: {
  title: React.ReactNode;
  id?: string;
  idLabel?: string;
  status?: string;
  statusLabel?: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  menu?: ActionItem[];
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4" data-testid="page-header">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {status ? <StatusChip status={status} label={statusLabel} testId="page-status" /> : null}
        </div>
        {id ? (
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
            <code className="font-mono" data-testid="page-id">
              {id}
            </code>
            <CopyButton value={id} what={idLabel} />
          </p>
        ) : null}
        {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        {children}
        {menu?.length ? <ActionsMenu items={menu} /> : null}
      </div>
    </div>
  );
}
