import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function ExchangeMvPage({ query }: PageProps) {
  return (
    <Page title={"titles.exchangeMV"}>
      <section data-testid="page-exchangeMV" data-stype={query.stype} />
    </Page>
  );
}
