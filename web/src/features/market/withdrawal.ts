/**
 * Taking an order out of the market as a spending action (lib/spending/spending-action.ts), with
 * no field: the order chosen, and whether this wallet may take it out. MvMarket refuses the same.
 */
import type { SpendingAction } from "@/lib/spending/spending-action";
import { sameAddress } from "@/lib/format/format";

/** An order's status as MvMarket numbers it. */
export const ORDER_STATUS = { Active: 0n, SoldOut: 1n, Withdrawn: 2n } as const;

/** The order to take out and the connected wallet. */
export interface WithdrawalFacts {
  order: { index: bigint; seller: string; status: bigint };
  account: string | null;
}

/** withdraw(index): the remaining MV goes back to the seller. */
export const withdrawal: SpendingAction<WithdrawalFacts, bigint, [index: bigint]> = {
  parse: (_text, { order }) => ({ value: order.index }),
  quote: (index) => ({ args: [index] }),
  precheck: ({ order, account }) =>
    account === null || !sameAddress(order.seller, account)
      ? { key: "errors:notSeller" }
      : order.status !== ORDER_STATUS.Active
        ? { key: "errors:orderNotActive" }
        : undefined,
};
