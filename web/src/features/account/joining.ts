/**
 * Joining on chain as a spending action (lib/spending/spending-action.ts): the referrer typed (or
 * brought by a referral link), and the call that makes the wallet a member under it. It moves no
 * token, but it is final: Community never changes a member's inviter. Community refuses the same.
 */
import { parseAddress } from "@/lib/format/parse";
import type { SpendingAction } from "@/lib/spending/spending-action";
import { sameAddress } from "@/lib/format/format";

/** The wallet joining, and whether the chain says the referrer typed is a member (once asked). */
export interface JoiningFacts {
  account: string;
  referrerIsMember: boolean | undefined;
}

/** register(referrer). */
export const joining: SpendingAction<JoiningFacts, string, [referrer: string]> = {
  parse: (text, { account, referrerIsMember }) => {
    const parsed = parseAddress(text);
    if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterReferrer" : "errors:incorrectFormat" } };
    if (sameAddress(parsed.value, account)) return { problem: { key: "errors:selfReferral" } };
    if (referrerIsMember === false) return { problem: { key: "errors:unknownReferrer" } };
    return { value: parsed.value };
  },
  quote: (referrer) => ({ args: [referrer] }),
};
