import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function TestPage({ query }: PageProps) {
  return (
    <Page title={"titles.test"}>
      <section data-testid="page-test" data-stype={query.stype} />
    </Page>
  );
}
