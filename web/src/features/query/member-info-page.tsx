import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function MemberInfoPage({ query }: PageProps) {
  return (
    <Page title={"titles.memberInfo"}>
      <section data-testid="page-memberInfo" data-stype={query.stype} />
    </Page>
  );
}
