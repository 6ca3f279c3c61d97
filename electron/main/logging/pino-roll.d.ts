// pino-roll 4 ships no types; this is the part we call (see node_modules/pino-roll/pino-roll.js).
declare module 'pino-roll' {
  import type { SonicBoom } from 'sonic-boom'
  interface PinoRollOptions {
    file: string
    size?: string | number
    frequency?: 'daily' | 'hourly' | number
    extension?: string
    limit?: { count: number; removeOtherLogFiles?: boolean }
    mkdir?: boolean
    mode?: number
    symlink?: boolean
    dateFormat?: string
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>
}
