/**
 * The home page's last winners of both pools, and their prizes over past rounds as a chart
 * (./prizes-chart.tsx), from the indexer. Its own chunk, loaded when the
 * user asks for it (home-page.tsx): the home route's first download does without it
 * (docs/performance.md §1). Without the indexer, one calm line.
 */
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import { readPoolWin } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import { useWallet } from "@/lib/wallet/wallet";
import { withAddressLinks } from "@/widgets/address-text";
import { HistoryFooter, HistoryItem, historyListStyles } from "@/widgets/history-list";

import { PrizesChart } from "./prizes-chart";

/** What can settle a round: a settle, or a synthesis once a pool has run out. */
const SETTLING = ["settle", "synthesize"];

/** How many rounds each list shows first. */
const RECENT = "?limit=5";

function Winners({ pool }: { pool: "lucky" | "max" }) {
  const { t } = useTranslation("activity");
  const { account } = useWallet();
  const wins = useHistory(`/pools/${pool}/winners${RECENT}`, readPoolWin, account ? { account, kinds: SETTLING } : undefined);
  return (
    <section aria-label={t(pool === "lucky" ? "history.luckyWinners" : "history.maxWinners")}>
      <h3 className={historyListStyles.heading}>{t(pool === "lucky" ? "history.luckyWinners" : "history.maxWinners")}</h3>
      <ol className={`plain-list ${historyListStyles.list}`}>
        {wins.items.map((win) => (
          <HistoryItem key={win.position} time={win.time} txHash={win.txHash}>
            {withAddressLinks((marks) => t("history.win", { round: String(win.round), amount: formatAmount(win.amount, 4), ...marks }), { winner: win.winner })}
          </HistoryItem>
        ))}
      </ol>
      <HistoryFooter list={wins} empty={t("history.noWinners")} />
    </section>
  );
}

export function PastWinners() {
  const { t } = useTranslation("activity");
  return (
    <Card title={t("history.pastWinners")}>
      <PrizesChart />
      <Winners pool="lucky" />
      <Winners pool="max" />
    </Card>
  );
}
