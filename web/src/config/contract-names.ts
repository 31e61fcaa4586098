/**
 * Transitional: the product's names now live in contracts-abi/product.ts (`@product` in the web
 * app), shared with deploy, the seed, the account API and the tests. This file re-exports what the
 * web app used to take from here, so that its imports keep working until they name `@product`
 * themselves; then it goes. The import is relative, not `@product`: web/build/address-book.ts
 * loads this file while Vite loads its config, before any alias exists.
 */
export {
  ADDRESS_NAMES,
  BSC_CHAIN_ID,
  CONTRACT_NAMES,
  SYNTHESIS_TOKENS,
  TOKEN_SYMBOLS,
  type AddressBook,
  type AddressName,
  type ContractName,
  type SynthesisToken,
  type TokenSymbol,
} from "../../../contracts-abi/product";
