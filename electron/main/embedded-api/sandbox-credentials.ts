import { createHash, randomBytes } from 'node:crypto'
import { realpathSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from '../logging/logger'
import type { SecretVault } from '../vault/secret-vault'

/** The built-in sandbox's secrets: its API key and its tool-server client secrets. */
export interface SandboxSecrets {
  apiKey: string
  clientSecret: string
  legacyClientSecret: string
}

/**
 * The keychain account of a data folder's sandbox secrets. The keychain is the OS user's, shared
 * by every data folder, so the account names the folder (a hash of its real path: no path in
 * the keychain).
 */
export function sandboxAccount(dataDir: string): string {
  let folder = path.resolve(dataDir)
  try {
    folder = realpathSync(folder)
  } catch {
    // not there yet: its resolved path names it
  }
  return `sandbox:${createHash('sha256').update(folder).digest('hex').slice(0, 24)}`
}

/**
 * The built-in sandbox's secrets for this data folder: random, made once, kept in the vault with
 * the connections' own secrets and read again at every start, so a restart or a reset of the
 * sandbox keeps them and another data folder has its own. They are handed to the sandbox's
 * worker at start, so only this app knows them: before, the key was `sbx_` + an HMAC of a
 * constant, the same on every machine, and any local process could use the sandbox's port.
 * Without a keychain they are made afresh for the session (nothing else uses them).
 */
export async function sandboxSecretsFor(vault: SecretVault, dataDir: string, logger: Logger): Promise<SandboxSecrets> {
  const account = sandboxAccount(dataDir)
  try {
    const kept = parseSecrets(await vault.get(account))
    if (kept !== null) return kept
  } catch (error) {
    logger.warn('sandbox.secrets_unreadable', { error: String(error) })
  }
  const made: SandboxSecrets = {
    apiKey: `sbx_${randomBytes(24).toString('base64url')}`,
    clientSecret: `sbx_secret_${randomBytes(30).toString('base64url')}`,
    legacyClientSecret: `sbx_secret_${randomBytes(30).toString('base64url')}`
  }
  try {
    await vault.set(account, JSON.stringify({ v: 1, ...made }))
  } catch (error) {
    logger.warn('sandbox.secrets_not_kept', { error: String(error) })
  }
  if (!vault.status().available) logger.info('sandbox.secrets_session_only', {})
  return made
}

function parseSecrets(text: string | null): SandboxSecrets | null {
  if (text === null) return null
  try {
    const parsed = JSON.parse(text) as Partial<SandboxSecrets> & { v?: unknown }
    const fine = (value: unknown): value is string => typeof value === 'string' && value.length >= 24
    if (parsed.v === 1 && fine(parsed.apiKey) && fine(parsed.clientSecret) && fine(parsed.legacyClientSecret)) {
      return { apiKey: parsed.apiKey, clientSecret: parsed.clientSecret, legacyClientSecret: parsed.legacyClientSecret }
    }
  } catch {
    // not ours: made again below
  }
  return null
}
