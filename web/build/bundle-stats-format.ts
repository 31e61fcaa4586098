/** What a build writes with BUNDLE_STATS=<file>: the source modules in each chunk, with the bytes
 *  each adds to it (before compression). */
export interface BundleStats {
  chunks: { fileName: string; modules: { id: string; bytes: number }[] }[];
}
