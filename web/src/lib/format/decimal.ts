/**
 * Token amounts (integers of a token's smallest unit) to and from decimal text. The same results as
 * ethers' formatUnits and parseUnits for what the app passes them (whole numbers of 0 to 18
 * decimals, text already checked by parse.ts), in a few lines of bigint arithmetic: ethers' versions
 * go through its FixedNumber class, about 3 kB gzip of the home route's first download for this.
 */

/** `value` in units of 10^-decimals as decimal text, every decimal kept, none trailing: 1500n, 3 -> "1.5"; 2000n, 3 -> "2". */
export function toDecimalText(value: bigint, decimals: number): string {
  const sign = value < 0n ? "-" : "";
  const size = value < 0n ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const fraction = (size % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${sign}${size / unit}${fraction ? `.${fraction}` : ""}`;
}

/** `whole` and `fraction` digits (at most `decimals` of them) as an integer of units of 10^-decimals: "1", "5", 3 -> 1500n. */
export function fromDecimalDigits(whole: string, fraction: string, decimals: number): bigint {
  if (fraction.length > decimals) throw new RangeError(`More than ${decimals} decimals`);
  return BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}
