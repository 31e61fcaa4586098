/**
 * The one state machine of everything the user asks for that takes a while and can fail: a
 * transaction (use-contract-action.ts) and a signed call to the account API
 * (lib/account-api/use-account-action.ts).
 *
 *   idle -> preparing (the kind's question before anything is sent, `confirmFirst`)
 *        -> wallet (asked to sign) -> pending (sent; a transaction has its hash) -> confirmed
 *                                                                                -> failed (the message)
 *
 * Every press shows at once that it was taken: the button is busy from `preparing` on, whatever
 * the question before sending waits for (its code loading on a slow network, the node asked what it
 * holds), instead of looking like a press that did nothing.
 *
 * A second run while one is in flight is ignored (no double submit). A run the kind refuses to
 * start (no wallet, wrong chain) sends nothing: the kind tells the reason (`refused`, the state
 * stays as it was) or the action fails with it; a run the user declines to confirm (`confirmFirst`)
 * sends nothing either. The outcome is put in words by the kind; whatever
 * goes wrong while telling it, the action ends (failed), never stuck busy.
 */
import { useCallback, useRef, useState } from "react";

import type { Message } from "@/i18n/message";
import { log } from "@/lib/log";
import { useLatest } from "@/lib/use-latest";

export type ActionPhase = "idle" | "preparing" | "wallet" | "pending" | "confirmed" | "failed";

export interface ActionState {
  phase: ActionPhase;
  /** A transaction's hash, once sent. */
  hash?: string;
  /** Why it failed, in the user's language. */
  error?: Message;
}

/** What is shown of an action: its state and whether it is under way. */
export interface ActionStatus extends ActionState {
  busy: boolean;
}

/** Moves an action on while it runs: to `wallet` or `pending`, with the hash once there is one. */
export type Progress = (phase: "wallet" | "pending", hash?: string) => void;

/** What differs between kinds of action: the checks before, the work, and how outcomes are told. */
export interface ActionKind<A extends unknown[], R> {
  /** Why it cannot start now. */
  blocked?: () => Message | undefined;
  /** Tells that reason, leaving the state idle; without it the action fails with the reason. */
  refused?: (reason: Message) => void;
  /** Asked once the action may start, before anything is sent (the action is `preparing` while it
   *  runs): false sends nothing and leaves the action idle (the user chose not to go on); a failure
   *  to ask fails the action, told as any other. */
  confirmFirst?: (...args: A) => Promise<boolean>;
  /** The phase the action starts in. */
  firstPhase: "wallet" | "pending";
  perform: (progress: Progress, ...args: A) => Promise<R>;
  /** False when the answer does not settle the action: it arrived too late to matter (say, the
   *  wallet changed), or says the work is still under way elsewhere. The action goes back to idle. */
  stillWanted?: (result: R) => boolean;
  succeeded?: (result: R) => void;
  /** The message for an error, and anything else the kind does about it. */
  describe: (error: unknown) => Promise<Message>;
  failed?: (error: unknown, message: Message) => void;
}

export function useAction<A extends unknown[], R>(kind: ActionKind<A, R>) {
  const [state, setState] = useState<ActionState>({ phase: "idle" });
  const inFlight = useRef(false);
  // The latest kind (it closes over the page's current figures and wallet); run itself stays the
  // same. Updated in a layout effect, so that a click never runs with the render before.
  const latest = useLatest(kind);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    const current = latest.current;
    if (inFlight.current) return undefined;
    /** Says why the action cannot start (the state stays as it was, or it fails with the reason). */
    const refuse = (kind: ActionKind<A, R>, reason: Message) => {
      if (kind.refused) kind.refused(reason);
      else setState({ phase: "failed", error: reason });
    };
    const reason = current.blocked?.();
    if (reason) {
      refuse(current, reason);
      return undefined;
    }
    inFlight.current = true;
    let hash: string | undefined;
    let result: R;
    try {
      if (current.confirmFirst) {
        setState({ phase: "preparing" });
        const started = performance.now();
        const goOn = await current.confirmFirst(...args);
        log.info(`action: prepared in ${Math.round(performance.now() - started)} ms${goOn ? "" : ", and the user chose not to go on"}`);
        if (!goOn) {
          setState({ phase: "idle" });
          return undefined;
        }
        // Asking took time: the wallet's chain or the node may have changed meanwhile.
        const late = latest.current.blocked?.();
        if (late) {
          setState({ phase: "idle" });
          refuse(latest.current, late);
          return undefined;
        }
      }
      setState({ phase: current.firstPhase });
      result = await current.perform((phase, sentHash) => {
        hash = sentHash ?? hash;
        setState({ phase, hash });
      }, ...args);
    } catch (error) {
      log.warn("action failed", error);
      const message = await current.describe(error).catch((): Message => ({ key: "errors:unknown" }));
      setState({ phase: "failed", hash, error: message });
      tell(() => current.failed?.(error, message));
      return undefined;
    } finally {
      inFlight.current = false;
    }
    if (current.stillWanted && !current.stillWanted(result)) {
      setState({ phase: "idle" });
      return undefined;
    }
    setState({ phase: "confirmed", hash });
    tell(() => current.succeeded?.(result));
    return result;
    // `latest` is the same ref on every render: run stays the same.
  }, [latest]);

  const busy = state.phase === "preparing" || state.phase === "wallet" || state.phase === "pending";
  return { ...state, busy, run };
}

/** Tells an outcome (a pop-up, a refresh): a failure to tell it does not change what happened. */
function tell(telling: () => void): void {
  try {
    telling();
  } catch (error) {
    log.warn("could not tell an action's outcome", error);
  }
}
