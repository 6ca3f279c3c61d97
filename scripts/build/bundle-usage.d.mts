// Types for bundle-usage.mjs (plain JavaScript so that it runs in Electron's Node without tsx).

/** How a built file uses one `require("…")` of an external package. */
export interface ExternalRequire {
  specifier: string
  /** 1-based line of the require() call. */
  line: number
  /** The bundler's interop applied to the result (`x = runtime.__toESM(x, 1)`), if any. */
  interop: { runtime: string; helper: string; args: unknown[] } | null
  /** The names read from the (interop'd) result, sorted. */
  names: string[]
  /** The result is also used as a value of its own (not only through names). */
  whole: boolean
}

export function isExternal(specifier: string): boolean
export function packageName(specifier: string): string
export function bundleFiles(outDir: string): string[]
export function externalUsage(code: string): { requires: ExternalRequire[]; unknown: string[] }
