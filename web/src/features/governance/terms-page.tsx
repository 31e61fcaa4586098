/**
 * The terms page (docs/decisions/governance.md): the terms in force, read from the chain; what the
 * owner has queued against them and what it changed before, from the indexer. Its content is a
 * part of its own with the "governance" catalogue; without the indexer it still lists the terms.
 */
import { loadMessages } from "@/i18n";
import { Stack } from "@/components/stack";
import type { PageProps } from "@/lib/routing/page-props";
import { DelayedLoader, LazyBoundary, lazyPart } from "@/widgets/lazy-part";
import { Page } from "@/widgets/page";

const TermsContent = lazyPart(() => Promise.all([import("./terms-content"), loadMessages(["governance"])]).then(([module]) => module.TermsContent));

export default function TermsPage({ query }: PageProps) {
  return (
    <Page title="titles.terms">
      <Stack testId="page-terms" stype={query.stype}>
        <LazyBoundary fallback={<DelayedLoader />}>
          <TermsContent />
        </LazyBoundary>
      </Stack>
    </Page>
  );
}
