/**
 * Who a request comes from, for the limits that count per client (nonces, failed passwords): the
 * address Fastify resolved from the connection and the trusted proxies only (server.ts). An IPv6
 * client counts by its /64, since one subscriber holds a whole /64 and could rotate through it.
 */
import { isIPv6 } from "node:net";

export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const address = ip.split("%")[0];
  const groupsIn = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const [head, tail] = address.split("::");
  const left = groupsIn(head);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - groupsIn(tail).length).fill("0"), ...groupsIn(tail)];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
