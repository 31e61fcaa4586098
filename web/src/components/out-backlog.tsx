import { useTranslation } from "react-i18next";

import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useTransaction } from "@/lib/contracts/use-transaction";

import { ActionButton } from "./action-button";
import { TransactionNote } from "./form";
import { Note } from "./ui";

/**
 * More of the member's merge records finished at once than one transaction takes out: their
 * revenue stops at the last one taken out and a new synthesis is refused until the rest are
 * processed. Shown where that matters (earnings, synthesis) with the button that does it, as many
 * records per transaction as the contract takes (read from it).
 */
export function OutBacklog({ account }: { account: string }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const process = useTransaction();
  const { data } = useChainQuery(`out-backlog:limit`, () => [read(contracts.revenue, "maxOutPerCall")]);
  const [perCall] = data ?? [];
  const run = () => {
    if (perCall === undefined) return;
    void process.run((c) => c.revenue.processOutRecords(account, perCall), { success: "common:tx.confirmed", failure: "errors:actionFailed" });
  };
  return (
    <div data-testid="out-backlog">
      <Note>{t("profile.backlog")}</Note>
      <ActionButton variant="secondary" transaction={process} onClick={run} disabled={perCall === undefined} testId="process-out-records">
        {t("profile.process")}
      </ActionButton>
      <TransactionNote transaction={process} />
    </div>
  );
}
