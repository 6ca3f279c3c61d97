import type { Plugin } from 'vite'

/*
 * The modules the page's entry asks for as it starts (renderer/src/main.ts: the contract and its
 * client, the app's frame, the Search screen; the bridge's code) are dynamic imports, so each is
 * evaluated in a task of its own. Left to the loader, they would be fetched only once the entry
 * had arrived and run: a second round of requests before the first screen. This adds a
 * `<link rel="modulepreload">` to index.html for each of them and for every chunk they import, so
 * the browser fetches (and compiles) them with the entry, in one round; running them still waits
 * for the entry's import().
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'talent-desk:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (bundle === undefined) return html
        const chunks = new Map<string, { imports: string[]; dynamicImports: string[]; isEntry: boolean }>()
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') chunks.set(file, output)
        }
        const entry = [...chunks.entries()].find(([, chunk]) => chunk.isEntry)
        if (entry === undefined) return html
        const wanted = new Set<string>()
        const add = (file: string) => {
          if (wanted.has(file) || file === entry[0] || !chunks.has(file)) return
          wanted.add(file)
          for (const imported of chunks.get(file)!.imports) add(imported)
        }
        for (const file of entry[1].dynamicImports) add(file)
        const already = new Set(
          [...html.matchAll(/<link rel="modulepreload"[^>]* href="\.?\/?([^"]+)"/g)].map((m) => m[1])
        )
        const links = [...wanted]
          .filter((file) => !already.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="./${file}">\n`)
          .join('')
        return html.replace('</head>', `${links}  </head>`)
      }
    }
  }
}
