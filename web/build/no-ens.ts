/**
 * Stands in for `@adraffy/ens-normalize` (25 kB gzip), which ethers bundles for ENS names. The
 * app never resolves a name: every address it uses is a hex address checked with getAddress, so
 * a name reaching ethers is a bug, and says so.
 */
export function ens_normalize(name: string): string {
  throw new Error(`ENS names are not supported here: "${name}"`);
}
