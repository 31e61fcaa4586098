/**
 * The account's activity: what this device sent and the indexer does not show yet (pending,
 * failed, which leaves no event, or confirmed a moment ago), then everything the indexer has of the account, from every
 * device, newest first, a page at a time, new rows coming on top while the page is open. Without
 * the indexer the first part stays and one line says history is unavailable
 * (docs/decisions/indexer.md). However long the history, the list keeps a bounded DOM (HistoryRows).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { Stack } from "@/components/stack";
import { readActivity } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import type { PageProps } from "@/lib/routing/page-props";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";
import { HistoryFooter, HistoryItem, HistoryRows, SentTransactionItem, historyListStyles } from "@/widgets/history-list";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { describeEvent } from "@/lib/history/describe-event";

/** How long a confirmed transaction waits here for the indexer, which is a block or two behind
 *  (docs/decisions/indexer.md): after that it is in the list below, or never will be (an approval,
 *  whose event the indexer does not keep, or one a reorganisation undid). */
const CONFIRMED_SHOWN_MS = 2 * 60_000;

/** What this device sent that the chain's list does not show: pending, failed (no event), and
 *  confirmed only for a short while. */
function notOnChainYet(transaction: SentTransaction, now: number): boolean {
  return transaction.state !== "confirmed" || now - (transaction.settledAt ?? transaction.sentAt) < CONFIRMED_SHOWN_MS;
}

/** The device's time (settledAt is the device's), read again every `everyMs`. */
function useDeviceNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Activity({ account }: { account: string }) {
  const { t, i18n } = useTranslation("activity");
  const history = useHistory(`/accounts/${account}/activity`, readActivity, { account });
  const now = useDeviceNow(10_000);
  const indexed = new Set(history.items.map((row) => row.txHash.toLowerCase()));
  // Without the indexer, everything this device knows stays: nothing below stands in for it.
  const fromDevice = useAccountTransactions(account).filter(
    (transaction) => !indexed.has(transaction.hash) && (history.status !== "ready" || notOnChainYet(transaction, now)),
  );
  return (
    <>
      {fromDevice.length > 0 && (
        <Card title={t("history.fromDevice")}>
          <ol className={`plain-list ${historyListStyles.list}`}>
            {fromDevice.map((transaction) => (
              <SentTransactionItem key={transaction.hash} transaction={transaction} />
            ))}
          </ol>
        </Card>
      )}
      <Card title={t("history.onChain")}>
        <HistoryRows
          list={history}
          render={(row, place) => {
            const text = describeEvent(row, (key, count) => i18n.exists(key, { count }), i18n.language);
            return (
              <HistoryItem time={row.time} txHash={row.txHash} place={place}>
                {t(text.key as "history.event", text.values as { contract: string; name: string })}
              </HistoryItem>
            );
          }}
        />
        <HistoryFooter list={history} empty={t("history.empty")} />
      </Card>
    </>
  );
}

export default function ActivityPage({ query }: PageProps) {
  return (
    <Page title="titles.activity">
      <Stack testId="page-activity" stype={query.stype}>
        <RequireWallet>{(account) => <Activity account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
