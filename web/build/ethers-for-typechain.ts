/**
 * What the TypeChain factories import from the root of "ethers": served from ethers' own
 * subpath entries instead. Through the root entry, every module of ethers is reachable and the
 * bundler placed the provider and wallet classes (only needed to sign) in the initial chunk;
 * through the subpaths, they stay in the chunks that use them. Any other root import fails the
 * build, naming what is missing.
 */
export { Contract } from "ethers/contract";
export { Interface } from "ethers/abi";
