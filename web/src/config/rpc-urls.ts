/**
 * The build's JSON-RPC endpoints, in the order the app tries them: a comma-separated list
 * (RPC_URLS, or the one RPC_URL). Read by the Vite config, which bakes the list into the build,
 * and by the app's env check at startup; pure, so both can use it.
 */
export function parseRpcUrls(text: string): string[] {
  const urls = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (urls.length === 0) throw new Error("No JSON-RPC endpoint is configured (RPC_URLS or RPC_URL)");
  for (const url of urls) {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new Error(`The RPC URL "${url}" is not a URL`);
    }
    // The app reads with fetch, and a wallet is offered the same list: http(s) only.
    if (protocol !== "http:" && protocol !== "https:") throw new Error(`The RPC URL "${url}" is not http(s)`);
  }
  if (new Set(urls).size !== urls.length) throw new Error(`The RPC URLs "${text}" name an endpoint twice`);
  return urls;
}
