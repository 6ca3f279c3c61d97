// How a built CommonJS file (out/main/*.cjs) uses its external packages: which ones it
// `require()`s, whether it passes each through an interop helper of the bundler's runtime
// (rolldown: `x = require_rolldown_runtime.__toESM(x, 1)`), and which names it reads from the
// result (`x.name`, `(0, x.name)(…)`, `x.default`, `x["name"]`). scripts/check-bundle.mjs
// then loads each package the same way under Electron's Node and compares.
//
// The file is parsed and its scopes resolved by ESLint (the project's own linter), so a local
// variable that happens to share a package binding's name is not mistaken for it. Anything the
// analysis does not recognise is reported in `unknown` rather than skipped, so a change in the
// bundler's output fails the check instead of silently checking less.
import { readdirSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import { Linter } from 'eslint'

/** Loaded at run time from node_modules: not a built-in, not a file of the bundle, not electron. */
export function isExternal(specifier) {
  if (isBuiltin(specifier)) return false
  if (specifier.startsWith('.') || specifier.startsWith('/')) return false
  return specifier !== 'electron' && !specifier.startsWith('electron/')
}

/** The package a specifier belongs to: `@scope/name/sub/path.js` → `@scope/name`. */
export function packageName(specifier) {
  const parts = specifier.split('/')
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
}

/** The built main's files: out/main/*.cjs and out/main/chunks/*.cjs, sorted. */
export function bundleFiles(outDir) {
  const list = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.cjs'))
      .map((entry) => join(dir, entry.name))
  const chunks = join(outDir, 'chunks')
  let chunkFiles = []
  try {
    chunkFiles = list(chunks)
  } catch {
    // a build without shared chunks
  }
  return [...list(outDir), ...chunkFiles].sort()
}

const isStringLiteral = (node) => node?.type === 'Literal' && typeof node.value === 'string'

/** The name a member expression reads, or undefined when it is computed from a variable. */
function memberName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name
  if (member.computed && isStringLiteral(member.property)) return member.property.value
  return undefined
}

function analyse(sourceCode) {
  const { scopeManager } = sourceCode
  const globalScope = scopeManager.globalScope
  const unknown = []
  const requires = []
  const at = (node) => `line ${node.loc.start.line}`

  /** The variable an identifier refers to, through the scopes it sits in. */
  function variableOf(identifier) {
    for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
      const reference = scope.references.find((ref) => ref.identifier === identifier)
      if (reference) return reference.resolved
    }
    return null
  }

  /** `require("spec")` when `node` is exactly that call with a string literal. */
  function requiredSpecifier(node) {
    if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require')
      return undefined
    return node.arguments.length === 1 && isStringLiteral(node.arguments[0]) ? node.arguments[0].value : undefined
  }

  /** `helperModule.helper(binding, …literals)`: an interop call, with the module it comes from. */
  function interopCall(expression, variable) {
    if (expression?.type !== 'CallExpression') return null
    const [first, ...rest] = expression.arguments
    if (first?.type !== 'Identifier' || variableOf(first) !== variable) return null
    const callee = expression.callee
    if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier') return null
    const helper = memberName(callee)
    const runtimeVariable = variableOf(callee.object)
    const declarator = runtimeVariable?.defs[0]?.node
    const runtime = declarator?.type === 'VariableDeclarator' ? requiredSpecifier(declarator.init) : undefined
    if (helper === undefined || runtime === undefined || isExternal(runtime)) return null
    if (!rest.every((arg) => arg.type === 'Literal')) return null
    return { runtime, helper, args: rest.map((arg) => arg.value) }
  }

  function readsOf(variable, entry) {
    const interopCalls = new Set()
    for (const reference of variable.references) {
      if (reference.init || !reference.isWrite()) continue
      const interop = interopCall(reference.writeExpr, variable)
      if (interop && entry.interop === null) {
        entry.interop = interop
        interopCalls.add(reference.writeExpr)
      } else {
        unknown.push(
          `${at(reference.identifier)}: ${entry.specifier} is assigned again in a way this check does not know`
        )
      }
    }
    for (const reference of variable.references) {
      if (!reference.isRead()) continue
      const identifier = reference.identifier
      const parent = identifier.parent
      if (interopCalls.has(parent)) continue
      if (parent.type === 'MemberExpression' && parent.object === identifier) {
        const name = memberName(parent)
        if (name === undefined) entry.whole = true
        else entry.names.add(name)
      } else {
        entry.whole = true
      }
    }
  }

  const requireReferences = [
    ...(globalScope.set.get('require')?.references ?? []),
    ...globalScope.through.filter((ref) => ref.identifier.name === 'require')
  ]
  for (const reference of requireReferences) {
    const call = reference.identifier.parent
    if (call.type !== 'CallExpression' || call.callee !== reference.identifier) continue
    const specifier = requiredSpecifier(call)
    if (specifier === undefined) {
      unknown.push(`${at(call)}: require() of a name computed at run time`)
      continue
    }
    if (!isExternal(specifier)) continue
    const entry = { specifier, line: call.loc.start.line, interop: null, names: new Set(), whole: false }
    const parent = call.parent
    if (parent.type === 'MemberExpression' && parent.object === call) {
      const name = memberName(parent)
      if (name === undefined) entry.whole = true
      else entry.names.add(name)
    } else if (parent.type === 'VariableDeclarator' && parent.init === call && parent.id.type === 'Identifier') {
      const [variable] = scopeManager.getDeclaredVariables(parent)
      readsOf(variable, entry)
    } else if (parent.type !== 'ExpressionStatement') {
      entry.whole = true
    }
    requires.push({ ...entry, names: [...entry.names].sort() })
  }
  requires.sort((a, b) => a.line - b.line)
  return { requires, unknown }
}

const linter = new Linter({ configType: 'flat' })

/**
 * The external packages a built CommonJS file requires and how it uses each.
 * @param {string} code the file's text
 * @returns {{ requires: { specifier: string, line: number, interop: { runtime: string, helper: string, args: unknown[] } | null, names: string[], whole: boolean }[], unknown: string[] }}
 */
export function externalUsage(code) {
  let result
  const usage = { create: (context) => ({ 'Program:exit': () => (result = analyse(context.sourceCode)) }) }
  const messages = linter.verify(
    code,
    [
      {
        languageOptions: { sourceType: 'commonjs', ecmaVersion: 'latest' },
        plugins: { bundle: { rules: { usage } } },
        rules: { 'bundle/usage': 'error' }
      }
    ],
    { filename: 'bundle.cjs' }
  )
  const fatal = messages.find((message) => message.fatal)
  if (fatal) throw new Error(`cannot parse the file: ${fatal.message} (line ${fatal.line})`)
  return result
}
