import { useTranslation } from "react-i18next";

import { Badge, Card, Stat } from "@/components/ui";
import { env } from "@/config/env";
import { MAX_ANNOUNCED, walletDiscovery } from "@/lib/wallet/discovery";
import { rdnsOf, useWallet, useWalletOptions } from "@/lib/wallet/wallet";
import { WalletOptionName } from "@/widgets/wallet-option-name";

import styles from "./diagnostics.module.css";

/** The connected wallet, and every wallet this browser offers: for support, "which wallet is the app talking to?". */
export function WalletsCard() {
  const { t } = useTranslation("pages");
  const wallet = useWallet();
  const options = useWalletOptions();
  const dash = "—";
  return (
    <Card title={t("test.wallet")}>
      <Stat label={t("test.kind")} value={wallet.name ?? wallet.kind ?? dash} />
      <Stat label={t("test.account")} value={<span className="mono">{wallet.account ?? dash}</span>} />
      <Stat label={t("test.walletChain")} value={wallet.chainId ?? dash} />
      <Stat label={t("test.version")} value={env.version} />
      <h3 className={styles.subtitle}>{t("test.discovered")}</h3>
      {options.length === 0 && <p className={styles.none}>{t("test.noneDiscovered")}</p>}
      <ul className="plain-list">
        {options.map((option) => (
          <li key={option.choice} className={styles.item}>
            <WalletOptionName option={option} withDomain={false} />
            <span className={`mono ${styles.dim}`}>{rdnsOf(option.choice) ?? option.choice}</span>
            {option.choice === wallet.choice && <Badge>{t("test.inUse")}</Badge>}
          </li>
        ))}
      </ul>
      {walletDiscovery.isCrowded() && <p className={styles.none}>{t("test.firstAnnounced", { count: MAX_ANNOUNCED })}</p>}
    </Card>
  );
}
