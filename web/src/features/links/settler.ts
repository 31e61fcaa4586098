/**
 * Changing the settler as a spending action (lib/spending/spending-action.ts): the address typed,
 * and whether the member may change it. It moves no token, but where every later claim is paid:
 * an address nobody controls would lose them. Community enforces the same rules.
 */
import { contracts } from "@/lib/contracts/contracts";
import { parseAddress } from "@/lib/format/parse";
import type { SpendingAction } from "@/lib/spending/spending-action";
import { sameAddress } from "@/lib/format/format";


/** What a settler address is, as far as claims sent to it go. */
export type SettlerKind =
  /** An account with no code: a wallet. */
  | "wallet"
  /** A contract that is not the product's: a contract wallet (a Safe) is one, so it is allowed once
   *  the member confirms it is a wallet they control; any other contract may let anyone take claims. */
  | "contract"
  /** One of the product's contracts: Community refuses it. */
  | "product"
  /** An address no one can own: the chain's shared Multicall3 (anyone can make it send what it
   *  holds) and the precompiles and system contracts at the bottom of the address space. */
  | "unowned";

/** Below this, BNB Chain has precompiles (0x01-0x09...) and system contracts (0x1000-0x2005): no wallet. */
const SYSTEM_ADDRESSES_END = 0x10000n;

/** Said without asking the chain: an address no one can own. */
export function isUnownedAddress(address: string): boolean {
  return sameAddress(address, contracts.multicall.target) || BigInt(address) < SYSTEM_ADDRESSES_END;
}

/** What the settler page has read; undefined until read. */
export interface SettlerFacts {
  current: string | undefined;
  registered: boolean | undefined;
  /** What the chain says the typed address is, once asked (a product contract is refused). */
  kind: SettlerKind | undefined;
  /** The member ticked that the contract typed is a wallet they control (docs/product/rules.md §3). */
  confirmedWallet: boolean;
}

/** changeSettler(settler). */
export const settlerChange: SpendingAction<SettlerFacts, string, [settler: string]> = {
  parse: (text, { current, kind, confirmedWallet }) => {
    const parsed = parseAddress(text);
    if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterSettler" : "errors:incorrectFormat" } };
    // The settler already: nothing to send (a transaction would change nothing and cost gas).
    if (current && sameAddress(parsed.value, current)) return { problem: { key: "errors:sameSettler" } };
    // Claims sent there could be taken by anyone (Multicall3) or never come out (a precompile).
    if (isUnownedAddress(parsed.value)) return { problem: { key: "errors:unownedSettler" } };
    // One of the product's contracts: a problem of the address typed, said under the field too.
    if (kind === "product") return { problem: { key: "errors:productSettler" } };
    // Code the chain cannot tell from a wallet's: only the member can say it is theirs.
    if (kind === "contract" && !confirmedWallet) return { problem: { key: "errors:confirmContractSettler" } };
    return { value: parsed.value };
  },
  quote: (settler) => ({ args: [settler] }),
  precheck: ({ registered }) => (registered === false ? { key: "errors:notRegistered" } : undefined),
};
