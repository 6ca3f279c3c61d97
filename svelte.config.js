// Runes only: Svelte 4 syntax (`export let`, `$:`, `on:click`) is a compile error here.
export default {
  compilerOptions: { runes: true }
}
