/**
 * The console's inputs, typed from the ABI: the text a developer typed for a parameter, checked
 * against the parameter's Solidity type and turned into the value ethers encodes, or the reason it
 * cannot be, as a message in the user's language (nothing is sent then). Scalars are typed as they
 * are (an address, a whole number, true or false, hex bytes, text); arrays and structs as JSON, in
 * which each element is checked the same way (a struct as an array in its fields' order, or an
 * object by field name). Integers may be given in a token's units: 1.5 with 18 decimals is
 * 1500000000000000000 (every token of the product has 18 decimals).
 *
 * And back: a decoded value as text, structs with their field names, whole numbers in full.
 */
import { getAddress } from "ethers/address";
import type { ParamType } from "ethers/abi";
import { parseUnits } from "ethers/utils";

import type { Message } from "@/i18n/message";

/** The tokens' decimals, offered for integer inputs. */
export const TOKEN_DECIMALS = 18;

export type Parsed = { ok: true; value: unknown } | { ok: false; error: Message };

const ok = (value: unknown): Parsed => ({ ok: true, value });
const bad = (key: Message["key"], params?: Message["params"]): Parsed => ({ ok: false, error: { key, params } });

/** Whether the parameter is an integer, or holds integers (an array's elements, a struct's fields). */
export function holdsIntegers(param: ParamType): boolean {
  if (param.isArray()) return holdsIntegers(param.arrayChildren);
  if (param.isTuple()) return param.components.some(holdsIntegers);
  return /^u?int\d*$/.test(param.type);
}

/** Whether the parameter is typed as JSON (an array or a struct). */
export const isComposite = (param: ParamType) => param.isArray() || param.isTuple();

/** A value of `param`'s type as JSON: what its field shows as an example (a struct as an array in
 *  field order, an array of two). */
export function jsonExample(param: ParamType): string {
  const example = (type: ParamType): unknown => {
    if (type.isArray()) return Array.from({ length: type.arrayLength >= 0 ? type.arrayLength : 2 }, () => example(type.arrayChildren));
    if (type.isTuple()) return type.components.map(example);
    if (type.type === "address") return "0x…";
    if (type.type === "bool") return true;
    if (type.type.startsWith("bytes")) return "0x…";
    if (type.type === "string") return "text";
    return "1";
  };
  return JSON.stringify(example(param)).replaceAll(",", ", ");
}

/** The value of `text` for `param`; `inTokenUnits`: integers are amounts of a token (18 decimals). */
export function parseArgument(param: ParamType, text: string, inTokenUnits = false): Parsed {
  const trimmed = text.trim();
  if (isComposite(param)) {
    if (trimmed === "") return bad("console:bad.required");
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return bad("console:bad.json");
    }
    return fromJson(param, json, inTokenUnits);
  }
  if (param.type !== "string" && trimmed === "") return bad("console:bad.required");
  return scalar(param, param.type === "string" ? text : trimmed, inTokenUnits);
}

function fromJson(param: ParamType, json: unknown, inTokenUnits: boolean): Parsed {
  if (param.isArray()) {
    if (!Array.isArray(json)) return bad("console:bad.array", { type: param.type });
    if (param.arrayLength >= 0 && json.length !== param.arrayLength) return bad("console:bad.length", { type: param.type, count: param.arrayLength });
    return each(json.map((element) => fromJson(param.arrayChildren, element, inTokenUnits)));
  }
  if (param.isTuple()) {
    const fields = param.components;
    if (Array.isArray(json)) {
      if (json.length !== fields.length) return bad("console:bad.length", { type: param.format(), count: fields.length });
      return each(fields.map((field, i) => fromJson(field, json[i], inTokenUnits)));
    }
    if (json === null || typeof json !== "object") return bad("console:bad.struct", { type: param.format() });
    const record = json as Record<string, unknown>;
    const missing = fields.find((field) => !(field.name in record));
    if (missing) return bad("console:bad.field", { field: missing.name || "?" });
    return each(fields.map((field) => fromJson(field, record[field.name], inTokenUnits)));
  }
  // A scalar inside JSON: written as a string (trimmed, but for text), or as a JSON number (a whole
  // one JSON keeps exact, or an amount in token units) or boolean.
  if (typeof json === "string") return scalar(param, param.type === "string" ? json : json.trim(), inTokenUnits);
  if (typeof json === "number" && /^u?int\d*$/.test(param.type) && (Number.isSafeInteger(json) || (inTokenUnits && Number.isFinite(json)))) return scalar(param, String(json), inTokenUnits);
  if (typeof json === "boolean" && param.type === "bool") return ok(json);
  return bad("console:bad.element", { type: param.type });
}

/** The values of `parts`, or the first part's reason it cannot be. */
function each(parts: Parsed[]): Parsed {
  const failed = parts.find((part) => !part.ok);
  return failed ?? ok(parts.map((part) => (part as { value: unknown }).value));
}

function scalar(param: ParamType, text: string, inTokenUnits: boolean): Parsed {
  const type = param.type;
  if (type === "address") {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return bad("console:bad.address");
    try {
      return ok(getAddress(text));
    } catch {
      return bad("console:bad.checksum");
    }
  }
  if (type === "bool") {
    if (/^(true|false)$/i.test(text)) return ok(text.toLowerCase() === "true");
    return bad("console:bad.bool");
  }
  if (type === "string") return ok(text);
  const bytes = /^bytes(\d*)$/.exec(type);
  if (bytes) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) return bad("console:bad.bytes");
    const size = bytes[1] ? Number(bytes[1]) : undefined;
    if (size !== undefined && text.length !== 2 + 2 * size) return bad("console:bad.bytesSize", { count: size });
    return ok(text.toLowerCase());
  }
  const integer = /^(u?)int(\d*)$/.exec(type);
  if (integer) return wholeNumber(text, integer[1] === "u", Number(integer[2] || 256), inTokenUnits);
  return bad("console:bad.unsupported", { type });
}

function wholeNumber(text: string, unsigned: boolean, bits: number, inTokenUnits: boolean): Parsed {
  let value: bigint;
  if (inTokenUnits) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) return bad("console:bad.amount");
    const fraction = text.split(".")[1] ?? "";
    if (fraction.length > TOKEN_DECIMALS) return bad("console:bad.decimals", { count: TOKEN_DECIMALS });
    value = parseUnits(text, TOKEN_DECIMALS);
  } else {
    if (!/^-?\d+$/.test(text)) return bad("console:bad.integer");
    value = BigInt(text);
  }
  const low = unsigned ? 0n : -(1n << BigInt(bits - 1));
  const high = unsigned ? (1n << BigInt(bits)) - 1n : (1n << BigInt(bits - 1)) - 1n;
  if (value < low || value > high) return bad("console:bad.range", { type: `${unsigned ? "u" : ""}int${bits}`, low: low.toString(), high: high.toString() });
  return ok(value);
}

/** A decoded value as plain JSON data: whole numbers as decimal strings, structs as objects by field name. */
export function plainValue(value: unknown, param: ParamType): unknown {
  if (param.isArray()) return [...(value as unknown[])].map((element) => plainValue(element, param.arrayChildren));
  if (param.isTuple()) {
    const fields = param.components;
    const values = [...(value as unknown[])];
    if (fields.every((field) => field.name)) return Object.fromEntries(fields.map((field, i) => [field.name, plainValue(values[i], field)]));
    return fields.map((field, i) => plainValue(values[i], field));
  }
  return typeof value === "bigint" ? value.toString() : value;
}

/** A decoded value as text: a scalar as it is, an array or a struct as indented JSON. */
export function valueText(value: unknown, param: ParamType): string {
  const plain = plainValue(value, param);
  return typeof plain === "string" ? plain : JSON.stringify(plain, null, 2);
}
