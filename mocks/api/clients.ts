/**
 * Who a request comes from, for the limits that count per client (nonces, failed passwords): the
 * address Fastify resolved from the connection and the trusted proxies only (transport/index.ts).
 * An IPv6 client counts by its /64, since one subscriber holds a whole /64 and could rotate
 * through it.
 */
import { isIPv6 } from "node:net";

import { normalizeIP } from "@fastify/rate-limit";

export function clientKey(ip: string): string {
  // An IPv4 client in IPv6 form is the IPv4 client, however the mapped address is spelt
  // (::ffff:203.0.113.7, ::ffff:cb00:7107, 0:0:0:0:0:ffff:...): the request limit's own mapping,
  // so that both limits count it as the same client.
  const unmapped = normalizeIP(ip, 128);
  if (!isIPv6(unmapped)) return unmapped;
  const address = unmapped.split("%")[0];
  const groupsIn = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const [head, tail] = address.split("::");
  const left = groupsIn(head);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - groupsIn(tail).length).fill("0"), ...groupsIn(tail)];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
