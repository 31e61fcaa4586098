/**
 * Stands in for `@ethersproject/providers` (ethers v5), which @web3-react/core imports only to
 * offer an ethers v5 provider. The app wraps `connector.provider` in an ethers v6 BrowserProvider
 * itself, so with no Web3Provider here web3-react simply offers none, and a second copy of ethers
 * stays out of the bundle.
 */
export const Web3Provider = undefined;
