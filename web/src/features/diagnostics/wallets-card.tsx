import { useTranslation } from "react-i18next";

import { Card, Stat } from "@/components/ui";
import { env } from "@/config/env";
import { useWallet, useWalletOptions, type WalletOption } from "@/lib/wallet/wallet";

import styles from "./diagnostics.module.css";

/** The connected wallet, and every wallet this browser offers: for support, "which wallet is the app talking to?". */
export function WalletsCard() {
  const { t } = useTranslation(["pages", "common"]);
  const wallet = useWallet();
  const options = useWalletOptions();
  const dash = "—";
  const connectedChoice = wallet.announced ? `announced:${wallet.announced.rdns}` : wallet.kind;

  const label = (option: WalletOption) => option.name ?? (option.choice === "dev" ? t("common:wallet.devWallet") : t("common:wallet.browserWallet"));
  return (
    <Card title={t("test.wallet")} testId="diagnostics-wallet">
      <Stat label={t("test.kind")} value={<span data-testid="wallet-kind">{wallet.announced?.name ?? wallet.kind ?? dash}</span>} />
      <Stat label={t("test.account")} value={<span className="mono">{wallet.account ?? dash}</span>} />
      <Stat label={t("test.walletChain")} value={<span data-testid="wallet-chain">{wallet.chainId ?? dash}</span>} />
      <Stat label={t("test.version")} value={env.version} />
      <h3 className={styles.subtitle}>{t("test.discovered")}</h3>
      {options.length === 0 && <p className={styles.none}>{t("test.noneDiscovered")}</p>}
      <ul className={styles.list} data-testid="discovered-wallets">
        {options.map((option) => (
          <li key={option.choice} className={styles.item} data-testid="discovered-wallet">
            {option.icon && <img src={option.icon} alt="" width={20} height={20} />}
            <span>{label(option)}</span>
            <span className={`mono ${styles.dim}`}>{option.choice.replace(/^announced:/, "")}</span>
            {option.choice === connectedChoice && <span className={styles.badge}>{t("test.inUse")}</span>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
