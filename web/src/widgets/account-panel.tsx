/**
 * What the connected wallet's chip opens: the account (copy it, see it on the explorer in mainnet
 * builds), switch to another wallet, disconnect, and the account's recent transactions sent from
 * this device with their state. Loaded when first opened: a first visit does without it.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { addressUrl } from "@/config/chain";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";
import { connectAndReport } from "@/lib/wallet/use-wallet-session";
import { disconnectWallet, useWallet, useWalletOptions } from "@/lib/wallet/wallet";

import { CopyButton } from "./copy-button";
import { HistoryItem, SentTransactionItem } from "./history-list";
import { WalletOptionName } from "./wallet-option-name";
import { Badge } from "@/components/ui";
import { describeEvent } from "@/lib/history/describe-event";
import { readActivity } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import { href } from "@/lib/routing/href";
import { ACTIVITY_PATH } from "@/lib/routing/paths";
import styles from "./account-panel.module.css";
import list from "./history-list.module.css";

/** How many of the account's transactions the panel lists. */
const RECENT = 10;

/** Closes on Escape, or on a press outside both `areas` (the chip, and the panel). */
function useDismiss(areas: RefObject<HTMLElement | null>[], close: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    const onPress = (event: PointerEvent) => {
      if (!areas.some((area) => area.current?.contains(event.target as Node))) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPress);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPress);
    };
  }, [areas, close]);
}

/**
 * The account's latest actions: what this device sent (with its state) merged with what the
 * indexer has from every device (docs/decisions/indexer.md), newest first, each once.
 */
function RecentActivity({ account, onClose }: { account: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("activity");
  const sent = useAccountTransactions(account).slice(0, RECENT);
  const history = useHistory(`/accounts/${account}/activity?limit=${RECENT}`, readActivity, { account });
  const fromDevice = new Set(sent.map((transaction) => transaction.hash));
  const items = [
    ...sent.map((transaction) => ({ at: transaction.sentAt, node: <SentTransactionItem key={transaction.hash} transaction={transaction} /> })),
    ...history.items
      .filter((row) => !fromDevice.has(row.txHash.toLowerCase()))
      .map((row) => {
        const text = describeEvent(row, (key, count) => i18n.exists(key, { count }), i18n.language);
        return {
          at: row.time * 1000,
          node: (
            <HistoryItem key={row.position} time={row.time} txHash={row.txHash}>
              {t(text.key as "history.event", text.values as { contract: string; name: string })}
            </HistoryItem>
          ),
        };
      }),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT);
  return (
    <section aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className={styles.heading}>
        {t("title")}
      </h2>
      {items.length ? <ol className={`plain-list ${list.list}`}>{items.map((item) => item.node)}</ol> : <p className={styles.empty}>{t("empty")}</p>}
      {history.status === "unavailable" && <p className={styles.empty}>{t("history.unavailable")}</p>}
      {/* Every device's actions, from the indexer: the activity page. */}
      <Link className={styles.action} to={href(ACTIVITY_PATH)} onClick={onClose}>
        {t("history.allActivity")}
      </Link>
    </section>
  );
}

/** The other wallets to connect instead (the one in use is marked, not offered). */
function WalletChoices({ onPicked }: { onPicked: () => void }) {
  const { t } = useTranslation("activity");
  const wallet = useWallet();
  const options = useWalletOptions();
  return (
    <ul className={`plain-list ${styles.choices}`}>
      {options.map((option) => {
        const inUse = option.choice === wallet.choice;
        return (
          <li key={option.choice}>
            <button
              type="button"
              className={styles.choice}
              disabled={inUse}
              onClick={() => {
                onPicked();
                void connectAndReport(option.choice, { byUser: true });
              }}
            >
              <WalletOptionName option={option} iconClassName={styles.icon} />
              {inUse && <Badge>{t("wallet.inUse")}</Badge>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function AccountPanel({ account, area, onClose }: { account: string; area: RefObject<HTMLElement | null>; onClose: () => void }) {
  const { t } = useTranslation(["activity", "common"]);
  const [choosing, setChoosing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const areas = useMemo(() => [area, panel], [area]);
  useDismiss(areas, onClose);
  useEffect(() => panel.current?.focus(), []);
  const explorer = addressUrl(account);
  // In the document's body: the navigation bar it opens from is a stacking context below the pop-ups.
  return createPortal(
    <div ref={panel} className={styles.panel} role="dialog" aria-label={t("wallet.accountMenu", { address: account })} tabIndex={-1}>
      <p className={`mono ${styles.address}`}>
        {account}
      </p>
      <div className={styles.actions}>
        <CopyButton text={account} label={t("wallet.copyAddress")} className={styles.action} />
        {explorer && (
          <a className={styles.action} href={explorer} target="_blank" rel="noreferrer">
            {t("wallet.viewAddress")}
          </a>
        )}
        <button type="button" className={styles.action} aria-expanded={choosing} onClick={() => setChoosing((open) => !open)}>
          {t("wallet.switchWallet")}
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            onClose();
            void disconnectWallet();
          }}
        >
          {t("common:wallet.disconnect")}
        </button>
      </div>
      {choosing && <WalletChoices onPicked={onClose} />}
      <RecentActivity account={account} onClose={onClose} />
    </div>,
    document.body,
  );
}
