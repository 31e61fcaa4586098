/**
 * The product a chain task works on: the deployment named by the network's address book
 * (deployments/local.json for localhost, as deploy wrote it; ADDRESS_BOOK names another), checked
 * against the chain, since a node restarted since the deploy has none of those contracts. And the
 * tokens a task takes by symbol or by address.
 */
import { existsSync } from "node:fs";

import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { ADDRESS_NAMES, TOKEN_SYMBOLS, type AddressBook } from "../../contracts-abi/product";
import { ERC20__factory } from "../../typechain-types";
import { connectDeployment, readAddressBook, type Deployment } from "../lib/deploy";
import { addressBookFile, deploymentName } from "../lib/deployments";
import { parseAddress } from "./inputs";
import { refuse } from "./local-chain";

/** The deployment of the address book for `hre`'s network, its contracts bound to signer 0 (the deployer). */
export async function productOn(hre: HardhatRuntimeEnvironment): Promise<Deployment> {
  const file = process.env.ADDRESS_BOOK || addressBookFile(deploymentName(hre.network.name));
  if (!existsSync(file)) refuse(`No address book at ${file}: deploy first (npm run dev, or npm run deploy:local), or name one with ADDRESS_BOOK.`);
  const book = await readAddressBook(file).catch((error: Error) => refuse(`${error.message.replace(/\.$/, "")}: deploy again with npm run deploy:local.`));
  if ((await hre.ethers.provider.getCode(book.contracts.Main)) === "0x") {
    refuse(`${file} puts Main at ${book.contracts.Main}, but this chain has no contract there (a node restarted since that deploy): deploy again with npm run deploy:local.`);
  }
  return connectDeployment(hre, book.contracts, book);
}

/** The address book's name for `address` ("USDT", "Main"), or undefined. */
export function nameOf(addresses: AddressBook, address: string): string | undefined {
  return ADDRESS_NAMES.find((name) => addresses[name].toLowerCase() === address.toLowerCase());
}

/** An address as a line shows it: with its address-book name when it has one. */
export function named(addresses: AddressBook, address: string): string {
  const name = nameOf(addresses, address);
  return name ? `${address} (${name})` : address;
}

/** A token a task takes: one of the product's, or an ERC-20 given by its address (a fork's stand-in, say). */
export interface Token {
  address: string;
  symbol: string;
  decimals: number;
}

/** The token `raw` names: a symbol of the address book (any case), or the address of an ERC-20 on this chain. */
export async function tokenOf(hre: HardhatRuntimeEnvironment, d: Deployment, raw: string, option: string): Promise<Token> {
  const choices = `${TOKEN_SYMBOLS.join(", ")}, or the address of an ERC-20 on this chain`;
  const symbol = TOKEN_SYMBOLS.find((candidate) => candidate.toLowerCase() === raw.trim().toLowerCase());
  if (symbol) return { address: d.addresses[symbol], symbol, decimals: await decimalsOf(hre, d.addresses[symbol], raw, option) };
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw.trim())) refuse(`${option} '${raw}' is not a token here: give one of ${choices}.`);
  const address = parseAddress(raw, option);
  const decimals = await decimalsOf(hre, address, raw, option);
  const token = ERC20__factory.connect(address, hre.ethers.provider);
  // A token without a symbol (or one that does not answer) is named by its address.
  return { address, symbol: (await token.symbol().catch(() => "")) || address, decimals };
}

async function decimalsOf(hre: HardhatRuntimeEnvironment, address: string, raw: string, option: string): Promise<number> {
  if ((await hre.ethers.provider.getCode(address)) === "0x") refuse(`${option} '${raw}' is not a token here: there is no contract at ${address} on this chain.`);
  try {
    return Number(await ERC20__factory.connect(address, hre.ethers.provider).decimals());
  } catch {
    return refuse(`${option} '${raw}' is not a token here: the contract at ${address} does not answer decimals(), as an ERC-20 does.`);
  }
}
