'use strict'
/*
 * How values cross the stand-in's boundaries, as JSON text: between the preload's isolated world
 * and the page's main world (contextBridge), and between the preload and main (ipcRenderer ↔
 * ipcMain). Electron uses the structured-clone algorithm for both; JSON alone would silently turn
 * `undefined` into a missing key, NaN into null and a Date into a string, so every value is
 * tagged, and a value the stand-in cannot carry throws instead of arriving changed.
 *
 * The two functions are self-contained (no outer variables): electron.cjs also injects their
 * source text into the page, so Node and both page worlds run the same code.
 *
 * hooks (contextBridge only): { fn(f) → id, promise(p) → id } to encode, { fn(id) → function,
 * promise(id) → Promise } to decode. Without hooks (IPC), a function or promise cannot be cloned,
 * as in Electron.
 */

function encodeWire(value, hooks) {
  const seen = new Set()
  const walk = (v) => {
    if (v === undefined) return { $: 'u' }
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
    if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : { $: 'n', v: String(v) }
    if (typeof v === 'bigint') return { $: 'i', v: String(v) }
    if (typeof v === 'function') {
      if (!hooks) throw new Error('An object could not be cloned (a function cannot cross IPC).')
      return { $: 'f', id: hooks.fn(v) }
    }
    if (typeof v !== 'object') throw new Error(`The stand-in cannot carry a ${typeof v}.`)
    if (typeof v.then === 'function') {
      if (!hooks) throw new Error('An object could not be cloned (a promise cannot cross IPC).')
      return { $: 'p', id: hooks.promise(v) }
    }
    if (seen.has(v)) throw new Error('The stand-in cannot carry a value that refers to itself.')
    seen.add(v)
    try {
      if (Array.isArray(v)) return { $: 'a', v: v.map(walk) }
      if (v instanceof Date) return { $: 'd', v: v.getTime() }
      if (v instanceof Error) return { $: 'e', name: v.name, message: v.message, stack: String(v.stack ?? '') }
      const proto = Object.getPrototypeOf(v)
      if (proto !== Object.prototype && proto !== null) {
        throw new Error(
          `The stand-in cannot carry a ${Object.prototype.toString.call(v)} (Electron might): add it to test/electron-standin/wire.cjs.`
        )
      }
      const out = {}
      for (const key of Object.keys(v)) out[key] = walk(v[key])
      return { $: 'o', v: out }
    } finally {
      seen.delete(v)
    }
  }
  return JSON.stringify(walk(value))
}

function decodeWire(text, hooks) {
  const walk = (v) => {
    if (v === null || typeof v !== 'object') return v
    switch (v.$) {
      case 'u':
        return undefined
      case 'n':
        return Number(v.v)
      case 'i':
        return BigInt(v.v)
      case 'a':
        return v.v.map(walk)
      case 'd':
        return new Date(v.v)
      case 'e': {
        const error = new Error(v.message)
        error.name = v.name
        return error
      }
      case 'o': {
        const out = {}
        for (const key of Object.keys(v.v)) out[key] = walk(v.v[key])
        return out
      }
      case 'f':
        return hooks.fn(v.id)
      case 'p':
        return hooks.promise(v.id)
      default:
        throw new Error(`Unknown wire tag ${JSON.stringify(v.$)}`)
    }
  }
  return walk(JSON.parse(text))
}

module.exports = { encodeWire, decodeWire }
