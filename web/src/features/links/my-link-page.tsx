import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function MyLinkPage({ query }: PageProps) {
  return (
    <Page title={"titles.myLink"}>
      <section data-testid="page-myLink" data-stype={query.stype} />
    </Page>
  );
}
