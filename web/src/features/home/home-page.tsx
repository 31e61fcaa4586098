import { ZeroAddress } from "ethers/constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

import { TOKEN_SYMBOLS } from "@product";

import { ActionButton } from "@/components/action-button";
import { CompactAmount, Figure, TokenAmount } from "@/components/tokens";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { loadMessages } from "@/i18n";
import { useChainNow } from "@/lib/contracts/chain-clock";
import { useAnyPending } from "@/lib/governance/any-pending";
import { isShort } from "@/lib/governance/coverage";
import { formatCountdown } from "@/lib/format/format";
import { usePools } from "@/lib/product-api/use-pools";
import type { PageProps } from "@/lib/routing/page-props";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";
import { useWallet } from "@/lib/wallet/wallet";
import { AddressLink } from "@/widgets/address-link";
import { LazyBoundary, lazyPart } from "@/widgets/lazy-part";
import { Page } from "@/widgets/page";

import { useCoverage } from "./api/use-coverage";
import { useSettleLuckyPoolAction } from "./api/use-settle-lucky-pool-action";
import { useSettleMaxPoolAction } from "./api/use-settle-max-pool-action";
import { useTokenBalances } from "./api/use-token-balances";
import { LoginPanel } from "./login-panel";
import styles from "./home-page.module.css";

function Address({ value }: { value: string | undefined }) {
  const { t } = useTranslation("pages");
  if (value === undefined) return <Loading />;
  return value === ZeroAddress ? <span className="mono">{t("home.none")}</span> : <AddressLink address={value} />;
}

/** A pool's countdown; at its end, what became of the pool rather than a bare 0:00. */
function Countdown({ endsAt, settled }: { endsAt: bigint | undefined; settled: boolean }) {
  const { t } = useTranslation("pages");
  const now = useChainNow();
  if (endsAt === undefined) return <Loading />;
  const left = Number(endsAt) - now;
  return (
    <span className={left > 0 ? styles.countdown : styles.ended}>
      {left > 0 ? formatCountdown(left) : settled ? t("home.settled") : t("home.timeUp")}
    </span>
  );
}

/** A settlement sent before a reload and still pending: its note loads only then (home's first download does without it). */
const PendingTransactions = lazyPart(() =>
  Promise.all([import("@/widgets/pending-transactions"), loadMessages(["activity"])]).then(([module]) => module.PendingTransactions),
);

/** The last rounds' winners (the indexer's): a chunk of its own, loaded when asked for, so that the
 *  home route's first download (at its budget: docs/performance.md §1) does without it. */
const PastWinners = lazyPart(() => Promise.all([import("./past-winners"), loadMessages(["activity"])]).then(([module]) => module.PastWinners));

/** What the owner has queued against the pools, prices and the product's ownership, and the
 *  reserve's coverage while it is short (docs/decisions/governance.md): a part of its own, loaded
 *  only when there is something to say, so that the first download does without it. */
const HomeGovernance = lazyPart(() => import("@/widgets/governance").then((module) => module.HomeGovernance));

function Governance() {
  const { coverage } = useCoverage();
  const queued = useAnyPending();
  if (!queued && !isShort(coverage)) return null;
  return (
    <LazyBoundary>
      <HomeGovernance coverage={coverage} />
    </LazyBoundary>
  );
}

function PastWinnersToggle() {
  const { t } = useTranslation("pages");
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <LazyBoundary>
        <PastWinners />
      </LazyBoundary>
    );
  }
  return (
    <button type="button" className="button" onClick={() => setShown(true)}>
      {t("home.pastWinners")}
    </button>
  );
}

function PendingNote({ transactions }: { transactions: readonly SentTransaction[] }) {
  if (!transactions.length) return null;
  return (
    <LazyBoundary>
      <PendingTransactions transactions={transactions} />
    </LazyBoundary>
  );
}

function Pools() {
  const { t } = useTranslation("pages");
  const now = useChainNow();
  // Each pool settles on its own: one's pending transaction does not make the other's button spin.
  const settleLucky = useSettleLuckyPoolAction();
  const settleMax = useSettleMaxPoolAction();
  const { lucky, max, acbBurned } = usePools();
  const luckyEnded = lucky !== undefined && lucky.amount > 0n && now >= Number(lucky.endsAt);
  const maxEnded = max !== undefined && max.leader !== ZeroAddress && now >= Number(max.endsAt);

  return (
    <>
      <Card title={t("home.luckyPool")}>
        <Stat label={t("home.countdown")} value={<Countdown endsAt={lucky?.endsAt} settled={lucky?.amount === 0n} />} />
        <Stat label={t("home.luckyPool")} value={<TokenAmount value={lucky?.amount} symbol="USDT" />} emphasis />
        <Stat label={t("home.luckyWinner")} value={<Address value={lucky?.lastWinner} />} />
        <Stat label={t("home.lastMiner")} value={<Address value={lucky?.lastMiner} />} />
        {luckyEnded && (
          <ActionButton transaction={settleLucky} onClick={() => void settleLucky.run()}>
            {t("home.settle")}
          </ActionButton>
        )}
        <PendingNote transactions={settleLucky.pending} />
      </Card>
      <Card title={t("home.maxPool")}>
        <Stat label={t("home.maxCountdown")} value={<Countdown endsAt={max?.endsAt} settled={max?.leader === ZeroAddress} />} />
        <Stat label={t("home.maxPool")} value={<TokenAmount value={max?.amount} symbol="USDT" />} emphasis />
        <Stat label={t("home.maxPower")} value={<Figure value={max?.leaderHashrate} unit="hashrate" />} />
        <Stat label={t("home.maxPowerAddress")} value={<Address value={max?.leader} />} />
        {maxEnded && (
          <ActionButton transaction={settleMax} onClick={() => void settleMax.run()}>
            {t("home.settle")}
          </ActionButton>
        )}
        <PendingNote transactions={settleMax.pending} />
      </Card>
      <Card>
        <Stat label={t("home.acbBurned")} value={<TokenAmount value={acbBurned} symbol="ACB" />} />
      </Card>
      <PastWinnersToggle />
    </>
  );
}

/** The balance of each token: a list of terms and definitions, each balance labelled by its token, as a Stat's figure is. */
function Assets({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const { balances } = useTokenBalances(account);
  const id = useId();
  return (
    <Card title={t("home.assets")}>
      <dl className={styles.assets}>
        {TOKEN_SYMBOLS.map((symbol) => (
          <div key={symbol} className={styles.asset}>
            <dt id={`${id}-${symbol}`} className={styles.symbol}>
              {symbol}
            </dt>
            <dd aria-labelledby={`${id}-${symbol}`} className={styles.balance}>
              <CompactAmount value={balances?.[symbol]} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The brand banner; index.html paints the same image before the JavaScript arrives. */
function Banner() {
  return <img className={styles.banner} src={`${import.meta.env.BASE_URL}hero.svg`} width={720} height={200} alt="Hashrate · BNB Smart Chain" />;
}

export default function HomePage(_props: PageProps) {
  const { t } = useTranslation(["pages", "common"]);
  const { account } = useWallet();
  return (
    <Page title="titles.home" back={false}>
      {/* The page drawn, as every other page's Stack marks it (components/stack.tsx). */}
      <div data-testid="page-home" className={styles.stack}>
        <Banner />
        <LoginPanel />
        <Pools />
        {account ? (
          <Assets account={account} />
        ) : (
          <Card title={t("home.assets")}>
            <Note>{t("common:wallet.connectToSee")}</Note>
          </Card>
        )}
        {/* Last: what arrives after the page's figures moves none of them. */}
        <Governance />
      </div>
    </Page>
  );
}
