'use strict'
/*
 * The code the stand-in puts into each window's page, as source text for CDP's
 * Page.addScriptToEvaluateOnNewDocument (it runs in every new document before the page's own
 * scripts, and CSP does not apply to it):
 *
 * - mainWorldScript: in the page's own (main) world, the receiving end of contextBridge.
 * - isolatedWorldScript: in a named isolated world (`worldName`), what Electron's sandboxed
 *   renderer gives a preload — `require('electron')` with contextBridge and ipcRenderer — and then
 *   the BUILT preload itself, evaluated as Electron evaluates a sandboxed preload (a CommonJS
 *   wrapper; only `electron` can be required).
 *
 * The two worlds share the DOM but no JavaScript object, so contextBridge is a small synchronous
 * message bridge over DOM events on `document` (a CustomEvent's detail crosses worlds as a copy;
 * ours is JSON text from wire.cjs): a call into the other world dispatches an event, whose
 * listener runs the real function at once and dispatches the answer back before dispatchEvent
 * returns. Functions and promises are passed as ids (as Electron's contextBridge proxies them),
 * so `window.talentDesk.search(...)` runs the preload's real function in its world, and a
 * listener given to `window.talentDesk.on(...)` is called back across the bridge.
 *
 * ipcRenderer talks to Node through a CDP binding (Runtime.addBinding, visible in the isolated
 * world only); main answers by evaluating `deliver(text)` in that world (Runtime.evaluate).
 */
const { encodeWire, decodeWire } = require('./wire.cjs')

const TO_MAIN = '__talent_desk_standin_to_main'
const TO_ISOLATED = '__talent_desk_standin_to_isolated'
/** The isolated world's hidden entry point for messages from Node. */
const HOOK = '__talentDeskStandinHook'

/**
 * One end of the contextBridge: `send` dispatches to the other world, `receive` is the name of
 * the events this end listens to. Function 0 of each end is its bootstrap (the main world's:
 * expose a key on window).
 */
function createBridgeEnd(sendName, receiveName, bootstrap, encodeWire, decodeWire) {
  const ownFunctions = new Map([[0, bootstrap]])
  const idsOfFunctions = new WeakMap()
  let nextFunction = 1
  let nextPromise = 1
  let nextCall = 1
  const peerPromises = new Map()
  const returns = new Map()
  let peerReady = false
  const queue = []

  const dispatch = (message) => document.dispatchEvent(new CustomEvent(sendName, { detail: JSON.stringify(message) }))
  const post = (message) => (peerReady ? dispatch(message) : queue.push(message))

  const encodeHooks = {
    fn(f) {
      let id = idsOfFunctions.get(f)
      if (id === undefined) {
        id = nextFunction++
        idsOfFunctions.set(f, id)
        ownFunctions.set(id, f)
      }
      return id
    },
    promise(p) {
      const id = nextPromise++
      Promise.resolve(p).then(
        (value) => post({ op: 'settle', id, ok: true, value: encodeWire(value, encodeHooks) }),
        (error) => post({ op: 'settle', id, ok: false, value: encodeWire(asError(error), encodeHooks) })
      )
      return id
    }
  }
  const decodeHooks = {
    fn: (id) =>
      function bridged(...args) {
        return call(id, args)
      },
    promise: (id) => new Promise((resolve, reject) => peerPromises.set(id, { resolve, reject }))
  }
  const asError = (error) => (error instanceof Error ? error : new Error(String(error)))

  /** Calls a function of the other world synchronously; its answer is back when dispatch returns. */
  function call(id, args) {
    const callId = nextCall++
    if (!peerReady) throw new Error('The stand-in contextBridge: the other world is not there yet.')
    dispatch({ op: 'call', callId, fn: id, args: encodeWire(args, encodeHooks) })
    const answer = returns.get(callId)
    returns.delete(callId)
    if (answer === undefined) throw new Error('The stand-in contextBridge: the other world did not answer.')
    const value = decodeWire(answer.value, decodeHooks)
    if (!answer.ok) throw value
    return value
  }

  document.addEventListener(receiveName, (event) => {
    const message = JSON.parse(event.detail)
    if (message.op === 'hello') {
      if (peerReady) return
      peerReady = true
      dispatch({ op: 'hello' })
      for (const queued of queue.splice(0)) dispatch(queued)
    } else if (message.op === 'call') {
      const f = ownFunctions.get(message.fn)
      let answer
      try {
        if (f === undefined) throw new Error(`The stand-in contextBridge has no function ${message.fn}.`)
        answer = { op: 'return', callId: message.callId, ok: true, value: '' }
        answer.value = encodeWire(f(...decodeWire(message.args, decodeHooks)), encodeHooks)
      } catch (error) {
        answer = { op: 'return', callId: message.callId, ok: false, value: encodeWire(asError(error), encodeHooks) }
      }
      dispatch(answer)
    } else if (message.op === 'return') {
      returns.set(message.callId, message)
    } else if (message.op === 'settle') {
      const pending = peerPromises.get(message.id)
      peerPromises.delete(message.id)
      const value = decodeWire(message.value, decodeHooks)
      if (pending) (message.ok ? pending.resolve : pending.reject)(value)
    }
  })
  dispatch({ op: 'hello' })
  return { call }
}

/** The main world: receives `exposeInMainWorld(key, api)` and defines `window[key]`. */
function mainWorldScript() {
  return `(() => {
'use strict'
${encodeWire.toString()}
${decodeWire.toString()}
${createBridgeEnd.toString()}
const expose = (key, api) => {
  if (key in window) throw new Error('Cannot bind an API on top of an existing property on the window object')
  Object.defineProperty(window, key, { value: api, enumerable: true, writable: false, configurable: false })
}
createBridgeEnd(${JSON.stringify(TO_ISOLATED)}, ${JSON.stringify(TO_MAIN)}, expose, encodeWire, decodeWire)
})()`
}

/**
 * The isolated world: Electron's sandboxed-preload environment, then the preload.
 * @param {{ preloadSource: string, preloadPath: string, binding: string, process: object }} options
 */
function isolatedWorldScript({ preloadSource, preloadPath, binding, process }) {
  return `(() => {
'use strict'
// Electron runs a preload in the main frame only (nodeIntegrationInSubFrames: false).
if (window.top !== window) return
const toNode = (() => {
  const send = globalThis[${JSON.stringify(binding)}]
  delete globalThis[${JSON.stringify(binding)}]
  if (typeof send !== 'function') throw new Error('The stand-in: the IPC binding is missing from the preload world.')
  return (message) => send(JSON.stringify(message))
})()
${encodeWire.toString()}
${decodeWire.toString()}
${createBridgeEnd.toString()}
const bridge = createBridgeEnd(${JSON.stringify(TO_MAIN)}, ${JSON.stringify(TO_ISOLATED)}, () => undefined, encodeWire, decodeWire)

const contextBridge = Object.freeze({
  exposeInMainWorld(key, api) {
    if (typeof key !== 'string') throw new TypeError('exposeInMainWorld: the key must be a string')
    bridge.call(0, [key, api])
  },
  exposeInIsolatedWorld() {
    throw new Error('The stand-in does not implement contextBridge.exposeInIsolatedWorld.')
  }
})

// ipcRenderer: an event emitter for main's messages, and invoke/send through the CDP binding.
const listeners = new Map()
const invokes = new Map()
let nextInvoke = 1
const listenersOf = (channel) => listeners.get(channel) ?? []
const ipcRenderer = {
  invoke(channel, ...args) {
    const id = nextInvoke++
    const sent = new Promise((resolve, reject) => invokes.set(id, { resolve, reject }))
    toNode({ op: 'invoke', id, channel: String(channel), args: encodeWire(args) })
    return sent
  },
  send(channel, ...args) {
    toNode({ op: 'send', channel: String(channel), args: encodeWire(args) })
  },
  sendSync() {
    throw new Error('The stand-in does not implement ipcRenderer.sendSync.')
  },
  postMessage() {
    throw new Error('The stand-in does not implement ipcRenderer.postMessage.')
  },
  on(channel, listener) {
    listeners.set(channel, [...listenersOf(channel), listener])
    return ipcRenderer
  },
  once(channel, listener) {
    const once = (...args) => {
      ipcRenderer.removeListener(channel, once)
      listener(...args)
    }
    return ipcRenderer.on(channel, once)
  },
  removeListener(channel, listener) {
    const list = listenersOf(channel)
    const at = list.lastIndexOf(listener)
    if (at >= 0) listeners.set(channel, [...list.slice(0, at), ...list.slice(at + 1)])
    return ipcRenderer
  },
  removeAllListeners(channel) {
    if (channel === undefined) listeners.clear()
    else listeners.delete(channel)
    return ipcRenderer
  },
  listenerCount: (channel) => listenersOf(channel).length
}
ipcRenderer.addListener = ipcRenderer.on
ipcRenderer.off = ipcRenderer.removeListener

Object.defineProperty(globalThis, ${JSON.stringify(HOOK)}, {
  enumerable: false,
  value: {
    deliver(text) {
      const message = JSON.parse(text)
      if (message.op === 'reply') {
        const pending = invokes.get(message.id)
        invokes.delete(message.id)
        if (!pending) return
        if (message.ok) pending.resolve(decodeWire(message.value))
        else pending.reject(new Error(message.message))
      } else if (message.op === 'message') {
        const args = decodeWire(message.args)
        const event = { sender: ipcRenderer, senderId: 0, ports: [] }
        for (const listener of listenersOf(message.channel)) {
          try {
            listener(event, ...args)
          } catch (error) {
            // as an uncaught error in Electron's renderer: on the console, the others still run
            setTimeout(() => { throw error })
          }
        }
      }
    }
  }
})

const unavailable = (name) => ({
  get() {
    throw new Error('The stand-in electron has no ' + name + ' in the preload: add it to test/electron-standin/page-scripts.cjs.')
  },
  enumerable: true
})
const electron = Object.defineProperties(
  { contextBridge, ipcRenderer },
  { crashReporter: unavailable('crashReporter'), nativeImage: unavailable('nativeImage'),
    webFrame: unavailable('webFrame'), webUtils: unavailable('webUtils') }
)
// What a sandboxed preload may require: 'electron', and Node's 'events', 'timers' and 'url'
// (the stand-in has not got the last three; a preload that needs them fails here, loudly).
const require = (name) => {
  if (name === 'electron') return electron
  if (name === 'events' || name === 'timers' || name === 'url') {
    throw new Error("The stand-in does not provide '" + name + "' to the preload (Electron's sandbox would).")
  }
  throw new Error('module not found: ' + name)
}
const process = Object.freeze(${JSON.stringify(process)})
const module = { exports: {} }
try {
  ;(function (exports, require, module, __filename, __dirname, process, global) {
${preloadSource}
  }).call(module.exports, module.exports, require, module, ${JSON.stringify(preloadPath)}, '', process, globalThis)
} catch (error) {
  toNode({ op: 'preload-error', message: String(error && error.message), stack: String(error && error.stack) })
  console.error('Unable to load preload script: ${preloadPath.replace(/[\\'\n]/g, '')}', error)
}
})()
//# sourceURL=talent-desk-standin-preload-world.js`
}

module.exports = { mainWorldScript, isolatedWorldScript, HOOK }
