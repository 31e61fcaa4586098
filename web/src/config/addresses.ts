import { getAddress } from "ethers/address";
import book from "virtual:address-book";

import { ADDRESS_NAMES, type AddressBook } from "@product";

/**
 * The contracts' addresses, checked (and checksummed) at startup. The build already refused a book
 * with a missing address; this also catches a bad checksum before any call is made.
 */
export function checkAddressBook(raw: Partial<Record<string, unknown>>): AddressBook {
  const checked = {} as AddressBook;
  for (const name of ADDRESS_NAMES) {
    const value = raw[name];
    if (typeof value !== "string") throw new Error(`No address for ${name}`);
    try {
      checked[name] = getAddress(value);
    } catch {
      throw new Error(`The address of ${name} is invalid: ${value}`);
    }
  }
  return checked;
}

export const addresses: AddressBook = checkAddressBook(book);
