import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { ADDRESS_NAMES } from "../../contracts-abi/product";
import { readAddressBook } from "./address-book";

const dir = mkdtempSync(path.join(os.tmpdir(), "address-book-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A book of chain 56 whose every address is `address` but `name`'s, which is `odd`. */
function book(odd: string, name = "Main"): string {
  const file = path.join(dir, `${name}-${odd}.json`);
  const address = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
  writeFileSync(file, JSON.stringify({ chainId: 56, contracts: Object.fromEntries(ADDRESS_NAMES.map((each) => [each, each === name ? odd : address])) }));
  return file;
}

describe("the address book the build serves", () => {
  it("checksums every address (the app does not at startup)", () => {
    const read = readAddressBook(book("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512"));
    expect(read.Main).toBe("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
    expect(read.USDT).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  });

  it("refuses an address whose mixed case is not its checksum, naming it", () => {
    expect(() => readAddressBook(book("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0513"))).toThrow(/"Main" has a wrong checksum \(0xe7f1725E7734CE288F8367e1Bb143E90bb3F0513\)/);
  });

  it("refuses a malformed address", () => {
    expect(() => readAddressBook(book("0x1234", "Swap"))).toThrow(/no valid address for "Swap"/);
  });
});
