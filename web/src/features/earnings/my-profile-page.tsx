import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function MyProfilePage({ query }: PageProps) {
  return (
    <Page title={"titles.myProfile"}>
      <section data-testid="page-myProfile" data-stype={query.stype} />
    </Page>
  );
}
