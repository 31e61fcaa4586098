/**
 * Turns anything a read, a transaction or a wallet can throw into one of the product's messages (docs/product/messages.md),
 * in the user's language: wallet rejections and pending requests, network failures, and every
 * custom error of the product contracts (decoded with the ABIs in contracts-abi/).
 */
import { Interface, type Result } from "ethers/abi";
import productErrors from "virtual:product-errors";

import type { TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";
import type { ErrorKey, Message, MessageKey } from "@/i18n/message";
import { toDecimalText } from "@/lib/format/decimal";
import { walletProblem } from "@/lib/wallet/eip1193";

import { notEnough } from "./balance-message";
import { tokenSymbolOf } from "./contracts";
import { findRevertData, isNetworkError } from "./error-kinds";
import { currentToleranceBps, tolerancePercent } from "./tolerance";
import { groupDigits } from "@/lib/format/format";

/** Every custom error of the product ABIs, in one interface (served once each by the build, and
 *  loaded with this module: the read layer's ABIs carry none). */
const PRODUCT_ERRORS = new Interface(productErrors);

export interface DecodedError {
  name: string;
  args: Result;
}

/** What the caller knows that the error does not say: the message when nothing more specific
 *  applies, a message for some errors on this screen, the token the action pays with. */
export interface ErrorContext {
  fallback: ErrorKey;
  overrides?: Partial<Record<ProductErrorName, ErrorKey>>;
  token?: TokenSymbol;
  /** The largest hashrate one synthesis takes, as the page read it (the error does not carry it). */
  maxHashrate?: bigint;
}

type Describe = (args: Result, context: ErrorContext) => Message;

const message = (key: MessageKey, params?: Message["params"]): Message => ({ key, params });
const fixed = (key: ErrorKey): Describe => () => message(key);
/** The price moved past the bound the page sent with the user's tolerance (the one in force now:
 *  the user may have changed it since, which a reverted bound does not say). */
const priceMoved: Describe = () => message("errors:priceMoved", { percent: tolerancePercent(currentToleranceBps()) });


const PRODUCT_CONTRACTS = new Set([addresses.Main, addresses.Revenue, addresses.Swap, addresses.MvMarket].map((a) => a.toLowerCase()));

/** The message for each custom error of contracts-abi/. A test checks none is missing. */
export const ERROR_MESSAGES = {
  MainUnsupportedToken: fixed("errors:unsupportedToken"),
  MainInvalidHashrate: ([hashrate, multiple, minimum], context) => {
    const { maxHashrate } = context;
    const rate = hashrate as bigint;
    if (rate % (multiple as bigint) !== 0n) return message("errors:multipleRequired", { multiple: Number(multiple) });
    if (rate < (minimum as bigint)) return message("errors:enterMultiple", { multiple: Number(multiple) });
    // Above the largest: said with the figure when the page read it, else the action's fallback.
    return maxHashrate === undefined ? message(context.fallback) : message("errors:hashrateTooLarge", { max: groupDigits(maxHashrate) });
  },
  MainAllowanceTooLow: fixed("errors:authorizeFirst"),
  MainBalanceTooLow: ([token]) => notEnough(tokenSymbolOf(token as string)),
  MainPoolNotExpired: fixed("errors:countdownRunning"),
  MainNothingToSettle: fixed("errors:nothingToSettle"),
  MainUnknownRecord: fixed("errors:unknownRecord"),
  MainCostAboveMax: priceMoved,
  MainRescueExceedsFree: fixed("errors:invalidConfig"),
  MainInvalidConfig: fixed("errors:invalidConfig"),

  CommunityAlreadyRegistered: fixed("errors:alreadyRegistered"),
  CommunityNotRegistered: fixed("errors:notRegistered"),
  CommunityUnknownReferrer: fixed("errors:unknownReferrer"),
  CommunitySelfReferral: fixed("errors:selfReferral"),
  CommunityZeroSettler: fixed("errors:incorrectFormat"),
  CommunityProductSettler: fixed("errors:productSettler"),
  CommunityNotMain: fixed("errors:notAllowed"),
  CommunityInvalidConfig: fixed("errors:invalidConfig"),

  RevenueClaimTooSoon: fixed("errors:claimInterval"),
  RevenueNothingToClaim: fixed("errors:rewardNotEnough"),
  RevenueClaimPaysNothing: fixed("errors:claimPaysNothing"),
  RevenueReserveShort: fixed("errors:reserveShort"),
  RevenueNotMain: fixed("errors:notAllowed"),
  RevenueOutBacklog: fixed("errors:outBacklog"),
  RevenueClaimBelowMin: priceMoved,
  RevenueActivePowerCapReached: ([, cap]) => message("errors:powerCap", { cap: groupDigits(cap as bigint) }),
  RevenueInvalidConfig: fixed("errors:invalidConfig"),

  SwapInvalidAmount: fixed("errors:invalidAmountMv"),
  SwapExceedsMaxExchangeable: fixed("errors:invalidAmountMv"),
  SwapBalanceTooLow: ([token]) => notEnough(tokenSymbolOf(token as string)),
  SwapAllowanceTooLow: fixed("errors:authorizeFirst"),
  SwapInvalidConfig: fixed("errors:invalidConfig"),
  SwapOutputBelowMin: priceMoved,

  MarketAmountBelowMinimum: ([, minimum]) => message("errors:belowMinimum", { minimum: toDecimalText(minimum as bigint, 18) }),
  MarketUnknownOrder: fixed("errors:unknownOrder"),
  MarketNotSeller: fixed("errors:notSeller"),
  MarketOrderNotActive: fixed("errors:orderNotActive"),
  MarketNothingForSale: fixed("errors:nothingForSale"),
  MarketInvalidAmount: fixed("errors:invalidAmount"),
  MarketBalanceTooLow: ([token]) => notEnough(tokenSymbolOf(token as string)),
  MarketAllowanceTooLow: fixed("errors:authorizeFirst"),
  MarketInvalidConfig: fixed("errors:invalidConfig"),
  MarketOutputBelowMin: priceMoved,
  MarketRescueExceedsFree: fixed("errors:invalidConfig"),

  ERC20InsufficientAllowance: fixed("errors:authorizeFirst"),
  // A product contract short of tokens is a reserve problem; a user short of them is theirs.
  ERC20InsufficientBalance: ([sender], context) =>
    PRODUCT_CONTRACTS.has(String(sender).toLowerCase()) ? message("errors:reserveTooLow") : notEnough(context.token),
  ERC20InvalidApprover: fixed("errors:notAllowed"),
  ERC20InvalidReceiver: fixed("errors:incorrectFormat"),
  ERC20InvalidSender: fixed("errors:notAllowed"),
  ERC20InvalidSpender: fixed("errors:notAllowed"),

  // The AccessManager, owner of the product (docs/decisions/governance.md): only its admin calls
  // it, never the app's users, but its errors are said like any other.
  AccessManagerNotReady: fixed("errors:operationNotReady"),
  AccessManagerNotScheduled: fixed("errors:operationNotScheduled"),
  AccessManagerExpired: fixed("errors:operationExpired"),
  AccessManagerAlreadyScheduled: fixed("errors:operationAlreadyScheduled"),
  AccessManagerUnauthorizedAccount: fixed("errors:notOwner"),
  AccessManagerUnauthorizedCall: fixed("errors:notOwner"),
  AccessManagerUnauthorizedCancel: fixed("errors:notOwner"),
  AccessManagerUnauthorizedConsume: fixed("errors:notAllowed"),
  AccessManagerLockedFunction: fixed("errors:notAllowed"),
  AccessManagerLockedRole: fixed("errors:notAllowed"),
  AccessManagerBadConfirmation: fixed("errors:notAllowed"),
  AccessManagerInvalidInitialAdmin: fixed("errors:incorrectFormat"),
  AddressEmptyCode: fixed("errors:actionFailed"),
  FailedCall: fixed("errors:actionFailed"),
  InsufficientBalance: fixed("errors:actionFailed"),

  OwnableUnauthorizedAccount: fixed("errors:notOwner"),
  OwnableInvalidOwner: fixed("errors:incorrectFormat"),
  ReentrancyGuardReentrantCall: fixed("errors:busy"),
  SafeERC20FailedOperation: fixed("errors:actionFailed"),
  SafeCastOverflowedUintDowncast: fixed("errors:invalidAmount"),
} as const satisfies Record<string, Describe>;

/** The name of a custom error of the product contracts. */
export type ProductErrorName = keyof typeof ERROR_MESSAGES;

export function decodeRevert(data: string): DecodedError | undefined {
  try {
    const parsed = PRODUCT_ERRORS.parseError(data);
    return parsed ? { name: parsed.name, args: parsed.args } : undefined;
  } catch {
    return undefined;
  }
}

/** An error that already says what to tell the user (a transaction reverted with its reason decoded, replaced, dropped). */
const toldIn = (error: unknown): Message | undefined => (error instanceof Error && "told" in error ? (error.told as Message) : undefined);

/** The message to show for `error`. */
export function errorMessage(error: unknown, context: ErrorContext): Message {
  const told = toldIn(error);
  if (told) return told;
  const problem = walletProblem(error);
  if (problem === "rejected") return message("common:wallet.rejected");
  if (problem === "requestPending") return message("common:wallet.requestPending");
  const data = findRevertData(error);
  if (data) {
    const decoded = decodeRevert(data);
    if (!decoded) return message(context.fallback);
    const name = decoded.name as ProductErrorName;
    const override = context.overrides?.[name];
    if (override) return message(override);
    const describe: Describe | undefined = Object.hasOwn(ERROR_MESSAGES, name) ? ERROR_MESSAGES[name] : undefined;
    return describe ? describe(decoded.args, context) : message(context.fallback);
  }
  if (isNetworkError(error)) return message("errors:network");
  return message(context.fallback);
}
