/**
 * Before the local node forks BNB Chain (docs/operations.md §2), a look at the endpoint itself, so
 * that each wrong setting is one sentence with its remedy, within seconds, rather than the node's
 * stack trace minutes later: an endpoint that does not answer, one that is not BNB Chain, a fork
 * block past its head, and one that no longer has the state of that block (not an archive node).
 */
import { BSC_CHAIN_ID } from "../../contracts-abi/product";
import { DEFAULT_FORK_BLOCK, type forkingConfig } from "./chain";
import { JsonRpcError, rpc } from "./json-rpc";

type Fork = NonNullable<ReturnType<typeof forkingConfig>>;

/** How long each question to the endpoint may take: the checks end well within 30 s. */
const ANSWER_TIMEOUT_MS = 8_000;

/** Any account: its balance at the fork block needs that block's state, which only an archive keeps. */
const PROBE_ACCOUNT = "0x0000000000000000000000000000000000001000";

/** Checks the endpoint of `fork` and returns the block to fork at (its head for "latest"); throws one sentence otherwise. */
export async function checkForkUpstream(fork: Fork): Promise<number> {
  const { url } = fork;
  const ask = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    try {
      return await rpc<T>(url, method, params, ANSWER_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof JsonRpcError) throw error;
      throw new Error(
        `BSC_FORK_URL (${url}) does not answer (${whyNoAnswer(error)}): check the URL and that the endpoint is up, or unset BSC_FORK_URL to run a local chain.`,
        { cause: error },
      );
    }
  };

  const chainId = Number(await ask<string>("eth_chainId"));
  if (chainId !== BSC_CHAIN_ID) {
    throw new Error(`BSC_FORK_URL (${url}) serves chain ${chainId}, not BNB Chain (${BSC_CHAIN_ID}): point it at a BNB Chain mainnet endpoint.`);
  }
  const head = Number(await ask<string>("eth_blockNumber"));
  const block = fork.blockNumber ?? head;
  if (block > head) {
    throw new Error(
      `The fork block ${block} (BSC_FORK_BLOCK, ${DEFAULT_FORK_BLOCK} unless set) is past the head of BSC_FORK_URL (block ${head}): set BSC_FORK_BLOCK to ${head} or lower, or to latest.`,
    );
  }
  try {
    await ask("eth_getBalance", [PROBE_ACCOUNT, `0x${block.toString(16)}`]);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    throw new Error(
      `BSC_FORK_URL (${url}) has no state for block ${block} ("${error.reason}"), so it is not an archive node: use an archive endpoint, or set BSC_FORK_BLOCK=latest to fork its head.`,
      { cause: error },
    );
  }
  return block;
}

/** "connection refused", "no answer within 8 s": why a request got no JSON-RPC answer at all. */
function whyNoAnswer(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND") return "unknown host";
  if (error instanceof SyntaxError) return "its answer is not JSON-RPC";
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
