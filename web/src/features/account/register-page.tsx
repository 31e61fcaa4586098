import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function RegisterPage({ query }: PageProps) {
  return (
    <Page title={"titles.register"}>
      <section data-testid="page-register" data-stype={query.stype} />
    </Page>
  );
}
