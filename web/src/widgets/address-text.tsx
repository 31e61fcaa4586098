/** Messages with addresses in them (a fill's buyer and seller, a round's winner, a claim's settler). */
import type { ReactNode } from "react";

import { AddressLink } from "./address-link";

/** Private-use characters: no message or address contains them. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARK = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * A message with addresses in it, each one an AddressLink: `say` is given a mark for each address's
 * name (the message's own placeholder, `{{winner}}`) and returns the message; the marks are then
 * put back as links. The catalogue's words stay as they are.
 */
export function withAddressLinks<Name extends string>(say: (marks: Record<Name, string>) => string, addresses: Record<Name, string>): ReactNode[] {
  const names = Object.keys(addresses) as Name[];
  const marks = Object.fromEntries(names.map((name, index) => [name, `${OPEN}${index}${CLOSE}`])) as Record<Name, string>;
  return say(marks)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? <AddressLink key={index} address={addresses[names[Number(part)]]} /> : part));
}
