import type { PageProps } from "@/app/routes";
import { Page, useRouteTitle } from "@/components/page";

export default function MiningPage({ query }: PageProps) {
  const title = useRouteTitle();
  return (
    <Page title={title}>
      <section data-testid="page-mining" data-stype={query.stype} />
    </Page>
  );
}
