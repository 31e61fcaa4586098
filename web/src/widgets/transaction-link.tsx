import { useTranslation } from "react-i18next";

import { transactionUrl } from "@/config/chain";

/** A transaction's hash, shortened, linked to the explorer where the build has one. */
export function TransactionLink({ hash }: { hash: string }) {
  const { t } = useTranslation("common");
  const url = transactionUrl(hash);
  const short = `${hash.slice(0, 10)}…${hash.slice(-8)}`;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" title={hash}>
      {short} · {t("tx.viewOnExplorer")}
    </a>
  ) : (
    <span className="mono" title={hash}>
      {short}
    </span>
  );
}
