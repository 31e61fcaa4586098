/**
 * `npm run bench:gas`: prints the gas of every action and exits non-zero when a budget is broken.
 * With GAS_JSON=<file> it also writes the rows there (for `npm run bench`).
 */
import { writeFileSync } from "node:fs";

import hre from "hardhat";

import { formatGasTable, measureGas } from "./gas-report";

async function main(): Promise<void> {
  const rows = await measureGas(hre);
  console.log(formatGasTable(rows));
  if (process.env.GAS_JSON) writeFileSync(process.env.GAS_JSON, JSON.stringify(rows.map(({ limit: _limit, ...row }) => ({ ...row, gas: Number(row.gas) }))));
  const over = rows.filter((row) => !row.ok);
  if (over.length > 0) {
    console.error(`\n${over.length} gas budget(s) broken: ${over.map((row) => row.action).join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log(`\nAll ${rows.filter((row) => row.budget).length} gas budgets met.`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
