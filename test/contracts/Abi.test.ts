/**
 * The ABIs in contracts-abi/ are the product's interface. Every function, event and error in them
 * must exist in the compiled mock with the same signature, outputs and mutability.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { expect } from "chai";
import { Interface } from "ethers";
import type { Fragment, JsonFragment } from "ethers";
import hre from "hardhat";

const ABI_DIR = path.join(__dirname, "..", "..", "contracts-abi");

/** Product ABI file -> the mock that implements it. The nine tokens share ERC20.json. */
const IMPLEMENTATIONS: Record<string, string> = {
  ERC20: "MockToken",
  Main: "Main",
  Revenue: "Revenue",
  Community: "Community",
  Swap: "Swap",
  MvMarket: "MvMarket",
  Multicall3: "Multicall3",
  // OpenZeppelin's, deployed unchanged (mocks/contracts/Governance.sol only makes it compile).
  AccessManager: "AccessManager",
};

/** A fragment's types, outputs, indexing and mutability, without parameter names. */
function shape(fragment: Fragment): string {
  return fragment.format("minimal");
}

describe("ABI conformance", () => {
  it("has an implementation for every product ABI", () => {
    // The ABIs only: product.ts, the facts beside them, is no ABI.
    const files = readdirSync(ABI_DIR)
      .filter((file) => file.endsWith(".json"))
      .map((file) => path.basename(file, ".json"));
    expect(files.sort()).to.deep.equal(Object.keys(IMPLEMENTATIONS).sort());
  });

  for (const [abiName, mockName] of Object.entries(IMPLEMENTATIONS)) {
    it(`${mockName} implements every entry of contracts-abi/${abiName}.json`, async () => {
      const product = new Interface(JSON.parse(readFileSync(path.join(ABI_DIR, `${abiName}.json`), "utf8")) as JsonFragment[]);
      const mock = new Interface((await hre.artifacts.readArtifact(mockName)).abi);
      const implemented = new Set(mock.fragments.map(shape));
      const entries = product.fragments.filter((fragment) => ["function", "event", "error"].includes(fragment.type));
      expect(entries.length).to.be.greaterThan(5);
      const missing = entries.map(shape).filter((entry) => !implemented.has(entry));
      expect(missing, `missing from ${mockName}`).to.deep.equal([]);
    });
  }
});
