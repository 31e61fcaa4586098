import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function MachineRecordPage({ query }: PageProps) {
  return (
    <Page title={"titles.machineRecord"}>
      <section data-testid="page-machineRecord" data-stype={query.stype} />
    </Page>
  );
}
