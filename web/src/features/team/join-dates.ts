/**
 * When each member on the team page's current page joined, from the indexer (one request a page,
 * /history/members). `status` is the history list's: the page shows a calm line when unavailable.
 */
import { useMemo } from "react";

import { readMember } from "@/lib/history/history";
import { useHistory, type HistoryStatus } from "@/lib/history/use-history";

export function useJoinDates(accounts: readonly string[] | undefined): { joinedAt: (account: string) => number | undefined; status: HistoryStatus } {
  const route = accounts && accounts.length > 0 ? `/members?${accounts.map((account) => `address=${account}`).join("&")}` : null;
  const members = useHistory(route, readMember);
  const times = useMemo(() => new Map(members.items.map((row) => [row.address.toLowerCase(), row.time])), [members.items]);
  return { joinedAt: (account) => times.get(account.toLowerCase()), status: members.status };
}
