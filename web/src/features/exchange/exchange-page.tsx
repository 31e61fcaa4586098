import type { PageProps } from "@/app/routes";
import { Page, useRouteTitle } from "@/components/page";

export default function ExchangePage({ query }: PageProps) {
  const title = useRouteTitle();
  return (
    <Page title={title}>
      <section data-testid="page-exchange" data-stype={query.stype} />
    </Page>
  );
}
