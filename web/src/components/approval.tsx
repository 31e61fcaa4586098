/**
 * Authorising a contract to spend a token: the exact amount of the action by default; a larger
 * (unlimited) allowance only when the user ticks the box.
 */
import { MaxUint256 } from "ethers/constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { addresses } from "@/config/addresses";
import type { ContractName, TokenSymbol } from "@/config/contract-names";
import { useTransaction } from "@/lib/contracts/use-transaction";

import { ActionButton } from "./form";
import styles from "./form.module.css";

export function useApproval(token: TokenSymbol, spender: ContractName) {
  const transaction = useTransaction();
  const [unlimited, setUnlimited] = useState(false);
  const authorize = (amount: bigint) =>
    transaction.run((c) => c.tokens[token].approve(addresses[spender], unlimited ? MaxUint256 : amount), {
      success: "common:messages.authorizationSuccessful",
      failure: "errors:authorizationFailed",
      token,
    });
  return { transaction, unlimited, setUnlimited, authorize, token };
}

export type Approval = ReturnType<typeof useApproval>;

export function UnlimitedToggle({ approval }: { approval: Approval }) {
  const { t } = useTranslation("pages");
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={approval.unlimited} onChange={(event) => approval.setUnlimited(event.target.checked)} data-testid="unlimited" />
      {t("mining.unlimited")}
    </label>
  );
}

/** `disabled` until the figures the amount is checked against (balance, limits) are read. */
export function AuthorizeButton({ approval, onClick, disabled }: { approval: Approval; onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <ActionButton
      variant="secondary"
      transaction={approval.transaction}
      busyLabel={t("messages.authorizing")}
      onClick={onClick}
      disabled={disabled}
      testId="authorize"
    >
      {t("actions.authorize", { token: approval.token })}
    </ActionButton>
  );
}
