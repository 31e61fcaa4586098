import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function BindPage({ query }: PageProps) {
  return (
    <Page title={"titles.bind"}>
      <section data-testid="page-bind" data-stype={query.stype} />
    </Page>
  );
}
