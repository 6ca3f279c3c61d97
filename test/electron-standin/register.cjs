'use strict'
/*
 * `node --require test/electron-standin/register.cjs out/main/index.cjs`: every
 * `require('electron')` of the process (the built main's included) resolves to the stand-in.
 */
const Module = require('node:module')
const { join } = require('node:path')

const standin = join(__dirname, 'electron.cjs')
const resolve = Module._resolveFilename
Module._resolveFilename = function resolveElectron(request, ...rest) {
  return request === 'electron' ? standin : resolve.call(this, request, ...rest)
}
