// The fake ATSs in a process of their own (the ATS pull bench): the fake's own work (making 500
// candidates' JSON a page) must not count as the app's main thread being busy. It stands for a
// service elsewhere, whose work uses none of this machine's CPU: so the bench starts it below the
// app's priority (`nice -n 10`, every thread of it, where `nice` exists), and on two cores it does
// not keep main waiting for one. Prints one JSON line (the Greenhouse address and key), then serves
// until its parent ends it.
import { startAtsFakes } from '../../../sandbox/ats/fakes'

const [filler, limit, windowMs] = process.argv.slice(2).map(Number)
const fakes = await startAtsFakes({
  seed: 1,
  fromProfiles: 300,
  greenhouseFiller: filler,
  greenhouseRateLimit: limit,
  greenhouseWindowMs: windowMs
})
process.stdout.write(
  `${JSON.stringify({ baseUrl: fakes.greenhouse.baseUrl, key: fakes.greenhouse.keys.readOnly, candidates: fakes.greenhouse.store.candidates.length })}\n`
)
process.on('SIGTERM', () => void fakes.close().then(() => process.exit(0)))
