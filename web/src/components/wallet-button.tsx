import { useState } from "react";
import { useTranslation } from "react-i18next";

import { connectAndReport } from "@/lib/wallet/use-wallet-session";
import { devWalletAvailable, disconnectWallet, injectedWallet, useWallet, type WalletKind } from "@/lib/wallet/wallet";

import { shortAddress } from "./format";
import styles from "./wallet-button.module.css";

/**
 * Connect: one button when the only way is the injected wallet, else a menu of the ways (the
 * injected wallet, the dev wallet of local builds). `inPage` is the large button of a page's
 * "connect to take part" card; the header has the compact one.
 */
export function ConnectButton({ inPage = false }: { inPage?: boolean }) {
  const { t } = useTranslation("common");
  const wallet = useWallet();
  const [menuOpen, setMenuOpen] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const injected = injectedWallet();
  const dev = devWalletAvailable();
  const busy = connecting || wallet.isActivating;
  const label = busy ? t("wallet.connecting") : inPage ? t("wallet.connect") : t("wallet.connectShort");
  const className = inPage ? "button" : styles.connect;

  const connect = async (kind: WalletKind) => {
    setMenuOpen(false);
    setConnecting(true);
    try {
      await connectAndReport(kind, { byUser: true });
    } finally {
      setConnecting(false);
    }
  };

  if (injected && !dev) {
    return (
      <button type="button" className={className} onClick={() => void connect(injected)} disabled={busy} data-testid={inPage ? "connect-in-page" : "connect"}>
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
        disabled={busy || (!injected && !dev)}
        aria-expanded={menuOpen}
        data-testid={inPage ? "connect-in-page" : "connect"}
      >
        {label}
      </button>
      {menuOpen && (
        <div className={styles.menu} role="menu">
          {injected && (
            <button type="button" role="menuitem" onClick={() => void connect(injected)}>
              {t("wallet.connect")}
            </button>
          )}
          {dev && (
            <button type="button" role="menuitem" onClick={() => void connect("dev")} title={t("wallet.devWalletHint")}>
              {t("wallet.devWallet")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The wallet in the navigation bar: a compact chip with the account when connected, else Connect. */
export function WalletButton() {
  const { t } = useTranslation("common");
  const wallet = useWallet();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!wallet.account) return <ConnectButton />;
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`${styles.chip} ${wallet.isWrongChain ? styles.warn : ""}`}
        onClick={() => setMenuOpen((open) => !open)}
        aria-expanded={menuOpen}
        title={wallet.account}
        data-testid="wallet-account"
      >
        {wallet.kind === "dev" && (
          <span className={styles.badge} title={t("wallet.devWallet")}>
            {t("wallet.devBadge")}
          </span>
        )}
        {shortAddress(wallet.account)}
      </button>
      {menuOpen && (
        <div className={styles.menu} role="menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setMenuOpen(false);
              void disconnectWallet();
            }}
          >
            {t("wallet.disconnect")}
          </button>
        </div>
      )}
    </div>
  );
}
