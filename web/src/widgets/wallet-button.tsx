import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { loadMessages } from "@/i18n";

import { isPending } from "@/lib/transactions/transaction-list";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";
import { isTouchDevice } from "@/lib/wallet/touch";
import { connectAndReport } from "@/lib/wallet/use-wallet-session";
import { hasBrowserWallet, useWallet, useWalletOptions, type WalletChoice } from "@/lib/wallet/wallet";

import { LazyBoundary, lazyPart } from "./lazy-part";
import { Badge } from "@/components/ui";
import { shortAddress } from "@/lib/format/format";
import styles from "./wallet-button.module.css";

/**
 * Connect: one button when there is one way to connect, else a menu of the ways (the wallets that
 * announced themselves, with their own name and icon; or the browser's wallet; the dev wallet of
 * local builds). On a phone with no wallet, the menu offers to open the page in a wallet app.
 * `inPage` is the large button of a page's "connect to take part" card; the header has the
 * compact one.
 */
export function ConnectButton({ inPage = false }: { inPage?: boolean }) {
  const { t } = useTranslation("common");
  const wallet = useWallet();
  const options = useWalletOptions();
  const [menuOpen, setMenuOpen] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const offerApps = !hasBrowserWallet(options) && isTouchDevice();
  const busy = connecting || wallet.isActivating;
  const label = busy ? t("wallet.connecting") : inPage ? t("wallet.connect") : t("wallet.connectShort");
  const className = inPage ? "button" : styles.connect;

  const connect = async (choice: WalletChoice) => {
    setMenuOpen(false);
    setConnecting(true);
    try {
      await connectAndReport(choice, { byUser: true });
    } finally {
      setConnecting(false);
    }
  };

  // The dev wallet is always picked from the menu, where its hint says what it is.
  if (options.length === 1 && options[0].choice !== "dev" && !offerApps) {
    return (
      <button type="button" className={className} onClick={() => void connect(options[0].choice)} disabled={busy}>
        {label}
      </button>
    );
  }
  return (
    <div className={inPage ? styles.wrapWide : styles.wrap}>
      <button
        type="button"
        className={className}
        onClick={() => setMenuOpen((open) => !open)}
        disabled={busy || (!options.length && !offerApps)}
        aria-expanded={menuOpen}
        aria-haspopup="menu"
      >
        {label}
      </button>
      {menuOpen && (
        <div className={styles.menu} role="menu">
          <LazyBoundary frame={(failure) => failure}>
            <ConnectMenu options={options} offerApps={offerApps} onPick={(choice) => void connect(choice)} />
          </LazyBoundary>
        </div>
      )}
    </div>
  );
}

/** The Connect menu's items, loaded when it first opens (connect-menu.tsx). */
const ConnectMenu = lazyPart(() => import("./connect-menu").then((module) => module.ConnectMenu));

/** Loaded when first opened, with the words it uses (a failure says so in its place: LazyBoundary). */
const AccountPanel = lazyPart(() =>
  Promise.all([import("./account-panel"), loadMessages(["activity"])]).then(([module]) => module.AccountPanel),
);

/**
 * The wallet in the navigation bar: a compact chip with the account when connected (a dot on it
 * while one of its transactions is pending), which opens the account panel; else Connect.
 */
export function WalletButton() {
  const { t } = useTranslation("common");
  const wallet = useWallet();
  const [panelOpen, setPanelOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setPanelOpen(false), []);
  const pending = useAccountTransactions(wallet.account).some(isPending);
  if (!wallet.account) return <ConnectButton />;
  return (
    <div className={styles.wrap} ref={area}>
      <button
        type="button"
        className={`${styles.chip} ${wallet.isWrongChain ? styles.warn : ""}`}
        onClick={() => setPanelOpen((open) => !open)}
        aria-expanded={panelOpen}
        aria-haspopup="dialog"
        title={wallet.account}
        // The dot is seen; its meaning is heard with the account.
        aria-label={pending ? `${shortAddress(wallet.account)}, ${t("tx.pending")}` : undefined}
      >
        {wallet.kind === "dev" && (
          <span className={styles.devMark}>
            <Badge title={t("wallet.devWallet")}>{t("wallet.devBadge")}</Badge>
          </span>
        )}
        {pending && <span className={styles.pendingDot} aria-hidden="true" />}
        {shortAddress(wallet.account)}
      </button>
      {panelOpen && (
        <LazyBoundary frame={(failure) => <div className={styles.menu}>{failure}</div>}>
          <AccountPanel account={wallet.account} area={area} onClose={close} />
        </LazyBoundary>
      )}
    </div>
  );
}
