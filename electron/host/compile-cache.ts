import nodeModule from 'node:module'

/*
 * Run by host-entry.ts as it starts (the bundle requires the small server chunk first), before
 * main's code, which comes once the link is out (cli.ts): Node 22.1+ keeps V8's compiled code of
 * every module loaded after this in a cache on disk (its default folder under TMPDIR, or
 * NODE_COMPILE_CACHE), so a later start compiles less of main's bundle (issue #36 item
 * 12: compiling was about a quarter of the host main thread's longest block after the link, in a
 * CPU profile). Node 20 has no such function: nothing happens; a cache that cannot be made only
 * costs the speed-up.
 */
const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache
if (typeof enable === 'function') {
  try {
    enable()
  } catch {
    // no cache: the start compiles everything, as before
  }
}
