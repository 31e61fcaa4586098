import { useTranslation } from "react-i18next";

import { useChainStatus } from "@/lib/contracts/chain-status";
import { isTouchDevice } from "@/lib/wallet/touch";
import { WALLET_APPS } from "@/lib/wallet/wallet-apps";
import { useStartupPending } from "@/lib/wallet/use-wallet-session";
import { hasBrowserWallet, useWallet, useWalletOptions } from "@/lib/wallet/wallet";

import { LazyBoundary, lazyPart } from "./lazy-part";

import styles from "./status-banners.module.css";

/** Loaded only where they show, a phone with no wallet, out of every other visit's first download. */
const WalletAppLinks = lazyPart(() => import("./wallet-app-links").then((module) => module.WalletAppLinks));

/**
 * The links' own labels, inert, while their code loads: boxes of exactly the links' size, so their
 * arrival moves nothing below them, however the labels wrap (at 360 px they take two lines) in
 * whatever language and font. A height kept for one line moved the page by a line when the links
 * came after the first paint.
 */
function WalletAppLinkPlaceholders({ className }: { className: string }) {
  const { t } = useTranslation("common");
  return WALLET_APPS.map((wallet) => (
    <span key={wallet} className={className} aria-hidden="true">
      {t("wallet.openInApp", { wallet })}
    </span>
  ));
}

/** What stands between the user and the app: no node (and how old the figures on screen are),
 *  another chain, or no wallet at all (on a phone, with links that open the page in a wallet app). */
export function StatusBanners() {
  const { t, i18n } = useTranslation("common");
  const networkOk = useChainStatus((status) => status.networkOk);
  // When the figures on screen were last read: those shown while the node is silent are that old.
  const readAt = useChainStatus((status) => status.observedAt);
  const wallet = useWallet();
  const options = useWalletOptions();
  const startupPending = useStartupPending();

  return (
    <>
      {/* The product's network message (docs/product/messages.md §5), from the catalogue loaded at start: with the node (or the whole
          network) gone, a catalogue loaded on demand might never come. */}
      {!networkOk && (
        <div className={`${styles.banner} ${styles.danger}`} role="alert">
          {t("status.networkDown")}
        </div>
      )}
      {!networkOk && readAt > 0 && (
        <p className={styles.stale}>
          {t("status.staleFigures", { time: new Date(readAt).toLocaleTimeString(i18n.language) })}
        </p>
      )}
      {wallet.isWrongChain && (
        <div className={`${styles.banner} ${styles.danger}`} role="alert">
          <span>{t("wallet.wrongNetwork")}</span>
          <button type="button" className={styles.action} onClick={() => void wallet.switchChain()}>
            {t("wallet.switchNetwork")}
          </button>
        </div>
      )}
      {!wallet.account && !wallet.isActivating && !startupPending && (
        <div className={styles.banner}>
          {options.length ? t("wallet.readOnly") : t("wallet.noWallet")}
          {!hasBrowserWallet(options) && isTouchDevice() && (
            <div className={styles.apps}>
              <span>{t("wallet.openInAppLead")}</span>
              <span className={styles.appLinks}>
                <LazyBoundary fallback={<WalletAppLinkPlaceholders className={styles.action} />} frame={(failure) => failure}>
                  <WalletAppLinks className={styles.action} />
                </LazyBoundary>
              </span>
            </div>
          )}
        </div>
      )}
    </>
  );
}
