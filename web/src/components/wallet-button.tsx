import { useState } from "react";
import { useTranslation } from "react-i18next";

import { connectAndReport } from "@/lib/wallet/use-wallet-session";
import { devWalletAvailable, disconnectWallet, injectedWallet, useWallet } from "@/lib/wallet/wallet";

import { shortAddress } from "./format";
import styles from "./wallet-button.module.css";

/** The wallet in the navigation bar: the account when connected, else the ways to connect. */
export function WalletButton() {
  const { t } = useTranslation("common");
  const wallet = useWallet();
  const [menuOpen, setMenuOpen] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const injected = injectedWallet();
  const dev = devWalletAvailable();

  const connect = async (kind: "injected" | "legacy" | "dev") => {
    setMenuOpen(false);
    setConnecting(true);
    try {
      await connectAndReport(kind, { byUser: true });
    } finally {
      setConnecting(false);
    }
  };

  if (wallet.account) {
    return (
      <div className={styles.wrap}>
        <button
          type="button"
          className={`${styles.chip} ${wallet.isWrongChain ? styles.warn : ""}`}
          onClick={() => setMenuOpen((open) => !open)}
          aria-expanded={menuOpen}
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

  const busy = connecting || wallet.isActivating;
  if (injected && !dev) {
    return (
      <button type="button" className={styles.connect} onClick={() => void connect(injected)} disabled={busy}>
        {busy ? t("wallet.connecting") : t("wallet.connect")}
      </button>
    );
  }
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.connect}
        onClick={() => setMenuOpen((open) => !open)}
        disabled={busy || (!injected && !dev)}
        aria-expanded={menuOpen}
      >
        {busy ? t("wallet.connecting") : t("wallet.connect")}
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
