import { useTranslation } from "react-i18next";

import type { WalletOption } from "@/lib/wallet/wallet";

import styles from "./wallet-option-name.module.css";

/** A way to connect as the user sees it: an announced wallet's own icon (a raster image only, never
 *  HTML; else its initial) and name, with its domain under the name when another wallet shows the
 *  same one; else "Browser wallet" or "Dev wallet". `withDomain={false}` where the rdns is shown anyway. */
export function WalletOptionName({ option, iconClassName, withDomain = true }: { option: WalletOption; iconClassName?: string; withDomain?: boolean }) {
  const { t } = useTranslation("common");
  const name = option.name ?? (option.choice === "dev" ? t("wallet.devWallet") : t("wallet.browserWallet"));
  return (
    <>
      {option.icon ? (
        <img src={option.icon} alt="" width={20} height={20} decoding="async" className={iconClassName} />
      ) : (
        option.name && <span className={styles.initial} data-initial={Array.from(option.name)[0].toLocaleUpperCase()} aria-hidden="true" />
      )}
      {withDomain && option.domain ? (
        <span className={styles.label}>
          <span>{name}</span>
          <span className={styles.domain}>{option.domain}</span>
        </span>
      ) : (
        <span className={styles.label}>{name}</span>
      )}
    </>
  );
}
