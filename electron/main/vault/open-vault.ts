import { createRequire } from 'node:module'
import type { Logger } from '../logging/logger'
import { KeytarVault, type KeytarModule } from './keytar-vault'
import { SessionOnlyVault } from './memory-vault'
import { KEYCHAIN_SERVICE, type SecretVault } from './secret-vault'

export type KeytarLoader = () => KeytarModule

const requireFromHere = createRequire(import.meta.url)
/** Node's own build of keytar; Electron passes a loader for its ABI build instead. */
export const loadNodeKeytar: KeytarLoader = () => requireFromHere('keytar') as KeytarModule

/**
 * Opens the OS keychain, or explains why it cannot and falls back to a session-only vault.
 * Both failure points are checked: loading the native module (libsecret missing) and reaching
 * the keychain service (no Secret Service running, keychain locked).
 */
export async function openVault(load: KeytarLoader, logger: Logger): Promise<SecretVault> {
  let keytar: KeytarModule
  try {
    keytar = load()
  } catch (error) {
    const reason = explainLoadFailure(error)
    logger.warn('vault.unavailable', { stage: 'load', reason, error: String(error) })
    return new SessionOnlyVault(reason)
  }
  try {
    await probe(keytar)
  } catch (error) {
    const reason =
      'The system keychain did not answer, so keys are kept for this session only. On Linux, make sure a keyring ' +
      '(GNOME Keyring or KWallet) is running and unlocked, then restart Talent Desk.'
    logger.warn('vault.unavailable', { stage: 'probe', error: String(error) })
    return new SessionOnlyVault(reason)
  }
  return new KeytarVault(keytar)
}

/**
 * Asks the keychain once, and again after 0.3 s and 1 s when it does not answer: a keyring still
 * starting at login, or one busy with another program's first request, answers a moment later.
 * On Linux without a D-Bus session there is no keyring to wait for: one question, no pause.
 */
async function probe(keytar: KeytarModule): Promise<void> {
  const noSession = process.platform === 'linux' && !process.env['DBUS_SESSION_BUS_ADDRESS']
  for (const pause of noSession ? [null] : PROBE_PAUSES_MS) {
    try {
      await keytar.findCredentials(KEYCHAIN_SERVICE)
      return
    } catch (error) {
      if (pause === null) throw error
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
}
const PROBE_PAUSES_MS = [300, 1000, null] as const

export function explainLoadFailure(error: unknown): string {
  const text = String(error)
  if (/libsecret/i.test(text)) {
    return (
      'The system keychain library (libsecret) is missing, so keys are kept for this session only. ' +
      'Install it (Debian/Ubuntu: sudo apt install libsecret-1-0) and restart Talent Desk.'
    )
  }
  return (
    'The system keychain module could not be loaded, so keys are kept for this session only. ' +
    'Reinstall Talent Desk; if you built it yourself, install libsecret-1-dev and run npm install again.'
  )
}
