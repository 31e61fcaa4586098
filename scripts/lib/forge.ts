/**
 * forge's own binary from the @foundry-rs/forge package, not its npm wrapper, whose exit status is
 * always 0 (docs/testing.md §3): the invariant suite (scripts/fuzz.ts) and the mutation runs
 * (scripts/mutate/) must see a failure.
 */
/** forge's binary in this platform's package (@foundry-rs/forge-<os>-<arch>, as the wrapper picks it). */
export function forgeBinary(): string {
  const os = { linux: "linux", darwin: "darwin", win32: "win32" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  if (!os || !arch) throw new Error(`forge has no binary for ${process.platform} ${process.arch}`);
  return require.resolve(`@foundry-rs/forge-${os}-${arch}/bin/forge${os === "win32" ? ".exe" : ""}`);
}
