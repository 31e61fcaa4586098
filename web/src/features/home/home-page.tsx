import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function HomePage({ query }: PageProps) {
  return (
    <Page title={"titles.home"} back={false}>
      <section data-testid="page-home" data-stype={query.stype} />
    </Page>
  );
}
