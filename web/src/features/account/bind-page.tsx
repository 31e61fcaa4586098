import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";
import { Stack } from "@/components/ui";

export default function BindPage({ query }: PageProps) {
  return (
    <Page title="titles.bind">
      <Stack testId="page-bind" stype={query.stype}>
        {null}
      </Stack>
    </Page>
  );
}
