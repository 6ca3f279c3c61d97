'use strict'
/*
 * The stand-in's line to the test that started it: Node's IPC channel of the child process
 * (spawn with stdio 'ipc'). Three kinds of messages:
 *   child → test  { type: 'record', kind, data, at }     something the app did (a notification, a
 *                                                         dialog, a menu, a window loaded…)
 *   child → test  { type: 'request', id, kind, data }    a question only the test can answer (the
 *                 test → child { type: 'answer', id, value }  save dialog's chosen path)
 *   test → child  { type: 'command', id, name, args }    do as the OS or the user would (quit,
 *                 child → test { type: 'done', id, value }    resume from sleep, click a notification)
 * Without a channel (the app started by hand with the stand-in) records go to stderr and every
 * request gets `undefined` (dialogs then answer "cancelled").
 */
const channel = typeof process.send === 'function' ? process : null
const pending = new Map()
const commands = new Map()
let nextRequest = 1

function send(message) {
  if (channel?.connected) channel.send(message)
}

/** Tells the test that something happened. */
function record(kind, data = {}) {
  if (channel) send({ type: 'record', kind, data, at: Date.now() })
  else process.stderr.write(`[electron stand-in] ${kind} ${JSON.stringify(data)}\n`)
}

/** Asks the test; resolves with its answer (undefined without a test). */
function request(kind, data = {}) {
  if (!channel?.connected) return Promise.resolve(undefined)
  const id = nextRequest++
  return new Promise((resolve) => {
    pending.set(id, resolve)
    send({ type: 'request', id, kind, data })
  })
}

/** Registers what a test command does. */
function onCommand(name, run) {
  commands.set(name, run)
}

if (channel) {
  channel.on('message', (message) => {
    if (message?.type === 'answer') {
      const resolve = pending.get(message.id)
      pending.delete(message.id)
      resolve?.(message.value)
    } else if (message?.type === 'command') {
      const run = commands.get(message.name)
      Promise.resolve()
        .then(() => {
          if (!run) throw new Error(`The stand-in has no command “${message.name}”.`)
          return run(...(message.args ?? []))
        })
        .then(
          (value) => send({ type: 'done', id: message.id, ok: true, value: value ?? null }),
          (error) => send({ type: 'done', id: message.id, ok: false, error: String(error?.stack ?? error) })
        )
    }
  })
  // The test went away: end as the OS ends an app whose session closes.
  channel.on('disconnect', () => commands.get('quit')?.())
}

module.exports = { record, request, onCommand, hasTest: channel !== null }
