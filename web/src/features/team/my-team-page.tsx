import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";

export default function MyTeamPage({ query }: PageProps) {
  return (
    <Page title={"titles.myTeam"}>
      <section data-testid="page-myTeam" data-stype={query.stype} />
    </Page>
  );
}
