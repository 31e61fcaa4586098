import book from "virtual:address-book";

import type { AddressBook } from "@product";

/**
 * The contracts' addresses, as the build checked and checksummed them (web/build/address-book.ts:
 * a book with a missing, malformed or wrongly checksummed address does not build). Checked there
 * rather than here: checksumming 16 addresses was a sixth of the app's first long task on a slow
 * phone (docs/performance.md §3).
 */
export const addresses: AddressBook = book;
