/**
 * The setup of every test file. Each starts from the chain global-setup deployed and seeded,
 * whatever the files before it did (moved time on, bought orders out): a snapshot before the file,
 * a revert after it. And the file's browser is closed after it.
 */
import { afterAll, beforeAll, inject } from "vitest";

import { rpc } from "../../../scripts/lib/json-rpc";
import { closeBrowser } from "./browser";

let snapshot: string | undefined;

beforeAll(async () => {
  snapshot = await rpc<string>(inject("stack").nodeUrl, "evm_snapshot");
});

afterAll(async () => {
  await closeBrowser();
  if (snapshot) await rpc<boolean>(inject("stack").nodeUrl, "evm_revert", [snapshot]);
});
