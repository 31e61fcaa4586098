import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function SaleListPage({ query }: PageProps) {
  return (
    <Page title={"titles.salelist"}>
      <section data-testid="page-salelist" data-stype={query.stype} />
    </Page>
  );
}
