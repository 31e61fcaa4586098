import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import { walletAppLinks, withRef } from "@/lib/wallet/wallet-app-links";
import { useAppStore } from "@/store";

/**
 * "Open in MetaMask", "Open in Trust Wallet": the current page, with the visit's referrer, in a
 * wallet app's browser. For phones, which have no wallet extension. Loaded with the read-only
 * banner that offers them, or the Connect menu: the banner keeps their line while they load.
 */
export function WalletAppLinks({ className, asMenuItems = false }: { className?: string; asMenuItems?: boolean }) {
  const { t } = useTranslation("common");
  const ref = useAppStore((state) => state.ref);
  // Re-rendered on every route change, so the links open the page the user is on.
  useLocation();
  return walletAppLinks(withRef(window.location.href, ref)).map(({ wallet, url }) => (
    <a key={wallet} href={url} className={className} role={asMenuItems ? "menuitem" : undefined} rel="noopener noreferrer">
      {t("wallet.openInApp", { wallet })}
    </a>
  ));
}
