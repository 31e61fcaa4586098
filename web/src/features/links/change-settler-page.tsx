import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function ChangeSettlerPage({ query }: PageProps) {
  return (
    <Page title={"titles.changeSettler"}>
      <section data-testid="page-changeSettler" data-stype={query.stype} />
    </Page>
  );
}
