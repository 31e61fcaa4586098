/**
 * The signed-in member's account, asked of the API with the stored token. A token the API no
 * longer knows (expired, logged out elsewhere) signs the user out: 'Please Login' shows again.
 */
import { useEffect, useState } from "react";

import type { Message } from "@/i18n/message";
import { log } from "@/lib/log";
import { toast } from "@/lib/toast/toast-store";
import { useAppStore } from "@/store";

import { accountErrorMessage, endSessionIfRefused } from "./account-errors";
import { fetchMember, logOut, type Member } from "./session";

export interface MemberState {
  member?: Member;
  /** True while the member of the current token is being fetched. */
  loading: boolean;
  error?: Message;
}

export function useMember(): MemberState {
  const token = useAppStore((state) => state.user.token);
  const [answer, setAnswer] = useState<{ token: string; member?: Member; error?: Message } | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    fetchMember(token).then(
      (member) => current && setAnswer({ token, member }),
      (error: unknown) => {
        if (!current) return;
        if (endSessionIfRefused(error)) {
          toast.error("errors:sessionExpired");
          return;
        }
        log.warn("could not fetch the account", error);
        void accountErrorMessage(error).then((message) => current && setAnswer({ token, error: message }));
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!token) return { loading: false };
  if (answer?.token !== token) return { loading: true };
  return { loading: false, member: answer.member, error: answer.error };
}

/** Ends the session: the API forgets the token (if it can be reached) and the store drops it. */
export async function signOut(): Promise<void> {
  const { token } = useAppStore.getState().user;
  useAppStore.getState().clearUser();
  toast.success("common:messages.loggedOut");
  if (!token) return;
  try {
    await logOut(token);
  } catch (error) {
    // The token is gone from this browser either way; the server lets it expire.
    log.warn("could not end the session on the server", error);
  }
}
