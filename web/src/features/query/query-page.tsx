import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function QueryPage({ query }: PageProps) {
  return (
    <Page title={"titles.query"}>
      <section data-testid="page-query" data-stype={query.stype} />
    </Page>
  );
}
