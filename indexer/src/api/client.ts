/**
 * Who is asking, for the gate's fair shares (./gate.ts): the connection's address, or, when the
 * connection comes from a trusted reverse proxy (the front door, docs/operations.md §5), the
 * client the proxy names in its header. The header is believed only from those proxies: anyone
 * reaching a reader directly could otherwise name a new client with every request and take a line
 * of their own each time, which is the stall the gate exists to prevent.
 */
import { BlockList, isIP } from "node:net";

export interface ClientSettings {
  /** The header the proxy writes (lower case), `x-forwarded-for`; none: the connection alone. */
  header: string | undefined;
  /** The proxies whose header is believed. */
  trusted: BlockList;
}

/** Loopback: a front door on the same machine. One on another machine (docs/operations.md §5) is
 *  named in INDEXER_TRUSTED_PROXIES. */
const LOOPBACK = "127.0.0.1/8,::1";

/** The proxies of INDEXER_TRUSTED_PROXIES: addresses and CIDR ranges, comma-separated. */
export function trustedProxies(text: string = LOOPBACK): BlockList {
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const widest = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || prefix! > widest))) {
      throw new Error(`INDEXER_TRUSTED_PROXIES: '${entry}' is not an address or a range such as 10.0.0.0/8.`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

export function clientSettings(env: NodeJS.ProcessEnv = process.env): ClientSettings {
  return { header: env.INDEXER_CLIENT_IP_HEADER?.toLowerCase() || undefined, trusted: trustedProxies(env.INDEXER_TRUSTED_PROXIES || undefined) };
}

/** An IPv4 peer of a dual-stack socket is written `::ffff:a.b.c.d`. */
function plain(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client of a request that came from `peer` (the connection's address) with `named` (the
 * proxy header's value, if any): the header's last address, the one the proxy wrote
 * (X-Forwarded-For may carry what the client claimed before it), when the peer is a trusted proxy;
 * else the peer itself.
 */
export function clientAddress(peer: string | undefined, named: string | undefined, settings: ClientSettings): string {
  const connection = peer === undefined ? "unknown" : plain(peer);
  if (!settings.header) return connection;
  if (!isTrusted(connection, settings.trusted)) {
    if (named !== undefined) untrustedHeader(connection, settings.header);
    return connection;
  }
  return named?.split(",").at(-1)?.trim() || connection;
}

let toldUntrusted = false;
/** Said once: a front door missing from INDEXER_TRUSTED_PROXIES makes the whole site one client. */
function untrustedHeader(peer: string, header: string): void {
  if (toldUntrusted) return;
  toldUntrusted = true;
  console.warn(`history: ignoring ${header} from ${peer}, which is not in INDEXER_TRUSTED_PROXIES (loopback unless set); if it is the front door, add its address`);
}
