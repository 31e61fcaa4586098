/**
 * Who a request's client is, for the gate (indexer/src/api/client.ts): a proxy's header is
 * believed only from a trusted proxy; anyone else is their connection's address, whatever header
 * they send, so nobody takes a new line of the gate by naming a new client.
 */
import { describe, expect, it, vi } from "vitest";

import { clientAddress, clientSettings, trustedProxies } from "../../indexer/src/api/client";

const behindProxy = clientSettings({ INDEXER_CLIENT_IP_HEADER: "X-Forwarded-For" });

describe("the client of a request", () => {
  it("is the connection's address without a header setting, whatever the request says", () => {
    const direct = clientSettings({});
    expect(clientAddress("203.0.113.7", "198.51.100.1", direct)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, direct)).toBe("203.0.113.7");
    expect(clientAddress(undefined, undefined, direct)).toBe("unknown");
  });

  it("is the last address of the header a proxy on this machine wrote (loopback is trusted by default)", () => {
    expect(behindProxy.header).toBe("x-forwarded-for");
    expect(clientAddress("127.0.0.1", "10.9.9.9, 198.51.100.1", behindProxy)).toBe("198.51.100.1");
    expect(clientAddress("::1", "198.51.100.2", behindProxy)).toBe("198.51.100.2");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.3", behindProxy)).toBe("198.51.100.3");
    // A proxy that wrote no header: the connection (the proxy itself).
    expect(clientAddress("127.0.0.1", undefined, behindProxy)).toBe("127.0.0.1");
  });

  it("ignores the header from anyone else: a client reaching the reader directly cannot name itself anew; said once in the log", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (let i = 0; i < 5; i++) expect(clientAddress("203.0.113.7", `198.51.100.${i}`, behindProxy)).toBe("203.0.113.7");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe("history: ignoring x-forwarded-for from 203.0.113.7, which is not in INDEXER_TRUSTED_PROXIES (loopback unless set); if it is the front door, add its address");
    warn.mockRestore();
  });

  it("trusts the proxies of INDEXER_TRUSTED_PROXIES: addresses and ranges, IPv4 and IPv6", () => {
    const settings = clientSettings({ INDEXER_CLIENT_IP_HEADER: "x-forwarded-for", INDEXER_TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.10, fd00::/8" });
    expect(clientAddress("10.1.2.3", "198.51.100.1", settings)).toBe("198.51.100.1");
    expect(clientAddress("192.0.2.10", "198.51.100.2", settings)).toBe("198.51.100.2");
    expect(clientAddress("fd12::1", "198.51.100.3", settings)).toBe("198.51.100.3");
    // Loopback is no longer trusted once the list is given: only what it names.
    expect(clientAddress("127.0.0.1", "198.51.100.4", settings)).toBe("127.0.0.1");
    expect(clientAddress("192.0.2.11", "198.51.100.5", settings)).toBe("192.0.2.11");
  });

  it("refuses a list it cannot read, in one sentence naming the entry", () => {
    for (const bad of ["localhost", "10.0.0.0/33", "10.0.0.0/8/1", "::1/129", "10.0.0.0/x"]) {
      expect(() => trustedProxies(bad)).toThrow(`INDEXER_TRUSTED_PROXIES: '${bad}' is not an address or a range such as 10.0.0.0/8.`);
    }
  });
});
