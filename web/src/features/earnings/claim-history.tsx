/**
 * My Earnings' past claims, from the indexer: when, the USD value claimed, the ACB paid and to
 * whom (the settler at the time). Without the indexer, one line says history is unavailable and
 * the claim above works as ever.
 */
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { formatAmount, sameAddress } from "@/lib/format/format";
import { readClaim } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import { withAddressLinks } from "@/widgets/address-text";
import { HistoryFooter, HistoryItem, HistoryRows } from "@/widgets/history-list";

/** What adds a claim to the list. */
const CLAIMS = ["claim"];

export function ClaimHistory({ account, className }: { account: string; className?: string }) {

  const { t } = useTranslation("activity");
  const claims = useHistory(`/accounts/${account}/claims`, readClaim, { account, kinds: CLAIMS });
  return (
    <Card title={t("history.claims")} className={className}>
      <HistoryRows
        list={claims}
        render={(claim, place) => (
          <HistoryItem time={claim.time} txHash={claim.txHash} place={place}>
            {t("history.claim", { usd: formatAmount(claim.usdValue, 4), acb: formatAmount(claim.acbAmount, 4) })}
            <br />
            {sameAddress(claim.settler, account) ? t("history.paidToSelf") : withAddressLinks((marks) => t("history.paidTo", marks), { address: claim.settler })}
          </HistoryItem>
        )}
      />
      <HistoryFooter list={claims} empty={t("history.noClaims")} />
    </Card>
  );
}
