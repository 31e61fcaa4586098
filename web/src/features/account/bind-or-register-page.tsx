import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function BindOrRegisterPage({ query }: PageProps) {
  return (
    <Page title={"titles.bindOrRegister"}>
      <section data-testid="page-bindOrRegister" data-stype={query.stype} />
    </Page>
  );
}
