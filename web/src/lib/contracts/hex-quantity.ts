/** A JSON-RPC hex quantity (a block number, a chain id, a receipt's status): 0x and 1 to 64 hex digits. */
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/** `value` as a bigint when it is a hex quantity; throws, naming `what`, on anything else ("0xzz", a number, a long string). */
export function hexQuantity(value: unknown, what = "quantity"): bigint {
  if (typeof value !== "string" || !HEX_QUANTITY.test(value)) throw new Error(`The node sent a malformed ${what}: ${JSON.stringify(value)?.slice(0, 40)}`);
  return BigInt(value);
}
