import { useTranslation } from "react-i18next";

import { useChainStatus } from "@/lib/contracts/chain-status";
import { devWalletAvailable, injectedWallet, useWallet } from "@/lib/wallet/wallet";

import styles from "./status-banners.module.css";

/** What stands between the user and the app: no node, another chain, or no wallet at all. */
export function StatusBanners() {
  const { t } = useTranslation("common");
  const networkOk = useChainStatus((status) => status.networkOk);
  const wallet = useWallet();

  return (
    <>
      {/* The spec's network message, from the catalogue loaded at start: with the node (or the whole
          network) gone, a catalogue loaded on demand might never come. */}
      {!networkOk && (
        <div className={`${styles.banner} ${styles.danger}`} role="alert" data-testid="network-banner">
          {t("status.networkDown")}
        </div>
      )}
      {wallet.isWrongChain && (
        <div className={`${styles.banner} ${styles.danger}`} role="alert" data-testid="wrong-network-banner">
          <span>{t("wallet.wrongNetwork")}</span>
          <button type="button" className={styles.action} onClick={() => void wallet.switchChain()}>
            {t("wallet.switchNetwork")}
          </button>
        </div>
      )}
      {!wallet.account && !wallet.isActivating && (
        <div className={styles.banner} data-testid="read-only-banner">
          {injectedWallet() || devWalletAvailable() ? t("wallet.readOnly") : t("wallet.noWallet")}
        </div>
      )}
    </>
  );
}
