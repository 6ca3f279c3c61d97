import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { environmentVariables } from '../../team-server/config'

/*
 * The packaging an agency's IT gets (Dockerfile, compose file, systemd unit, the example settings
 * and docs/team-server.md) names files that exist and the settings the server really reads: the
 * variables are found in the server's code, not typed here.
 */

const root = resolve(import.meta.dirname, '../..')
const serverDir = join(root, 'team-server')
const read = (path: string): string => readFileSync(join(root, path), 'utf8')

/** Every TEAM_* variable the server's code reads (`env.TEAM_…`), its tests and packages aside. */
function variablesInCode(): string[] {
  const found = new Set<string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'testing') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\benv\.(TEAM_[A-Z_]+)/g)) found.add(match[1]!)
      }
    }
  }
  walk(serverDir)
  return [...found].sort()
}

/** Whether a COPY source names something: a path, or `dir/*.ext` matching at least one file (Node 20 has no globSync). */
function copySourceExists(source: string): boolean {
  if (!source.includes('*')) return existsSync(join(root, source))
  const [before, after] = basename(source).split('*') as [string, string]
  const dir = join(root, dirname(source))
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(before) && name.endsWith(after))
}

type Compose = {
  services: Record<
    string,
    {
      image?: string
      build?: { context: string; dockerfile: string }
      environment?: Record<string, string>
      volumes?: string[]
      healthcheck?: { test: string[] | string }
      depends_on?: Record<string, { condition: string }>
    }
  >
  volumes: Record<string, unknown>
}

describe('the team server’s packaging', () => {
  const variables = variablesInCode()

  it('declares every variable the server reads, and reads every one it declares', () => {
    expect(variables.length).toBeGreaterThanOrEqual(6)
    expect(variables).toEqual([...environmentVariables].sort())
  })

  it('Dockerfile: copies files that exist, and sets only variables the server reads', () => {
    const dockerfile = read('team-server/Dockerfile')
    const copies = [...dockerfile.matchAll(/^COPY\s+(.+)$/gm)].map((match) =>
      match[1]!.trim().split(/\s+/).slice(0, -1)
    )
    expect(copies.length).toBeGreaterThan(3)
    for (const sources of copies) {
      for (const source of sources) expect(copySourceExists(source), `COPY ${source}`).toBe(true)
    }
    // what the CLI imports, all copied: the server's own folders and the shared files it reads
    const copied = new Set(copies.flat())
    for (const folder of readdirSync(serverDir, { withFileTypes: true })) {
      if (!folder.isDirectory() || ['node_modules', 'testing'].includes(folder.name)) continue
      expect(copied, `team-server/${folder.name}`).toContain(`team-server/${folder.name}`)
    }
    for (const imported of ['shared/team/protocol.ts', 'shared/error-message.ts']) {
      expect(dockerfile).toContain(imported)
    }
    const set = [...dockerfile.matchAll(/\b(TEAM_[A-Z_]+)=/g)].map((match) => match[1]!)
    expect(set.length).toBeGreaterThan(0)
    for (const name of set) expect(variables).toContain(name)
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "team-server\/cli\.ts"\]$/m)
    expect(existsSync(join(serverDir, 'cli.ts'))).toBe(true)
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/v1\/health/m)
  })

  it('compose.yaml: PostgreSQL 15 or later and the server, a volume, healthchecks, the server’s own variables', () => {
    const compose = load(read('team-server/compose.yaml')) as Compose
    const postgres = compose.services.postgres!
    const major = Number(/^postgres:(\d+)/.exec(postgres.image ?? '')?.[1])
    expect(major).toBeGreaterThanOrEqual(15)
    const volume = postgres.volumes![0]!.split(':')[0]!
    expect(Object.keys(compose.volumes)).toContain(volume)
    const server = compose.services['team-server']!
    const dockerfile = resolve(serverDir, server.build!.context, server.build!.dockerfile)
    expect(relative(root, dockerfile)).toBe('team-server/Dockerfile')
    expect(existsSync(dockerfile)).toBe(true)
    expect(server.depends_on).toEqual({ postgres: { condition: 'service_healthy' } })
    const names = Object.keys(server.environment!)
    expect(names).toContain('TEAM_DATABASE_URL')
    for (const name of names) expect(variables).toContain(name)
    for (const service of [postgres, server]) expect(service.healthcheck?.test).toBeTruthy()
    expect(JSON.stringify(server.healthcheck!.test)).toContain('/v1/health')
  })

  it('the systemd unit and the example settings: the same command, every variable', () => {
    const unit = read('team-server/talent-desk-team.service')
    const exec = /^ExecStart=\/usr\/bin\/node --import tsx (\S+)$/m.exec(unit)
    expect(exec).not.toBeNull()
    expect(existsSync(join(root, exec![1]!))).toBe(true)
    expect(JSON.parse(read('package.json')).scripts['team-server']).toBe(`node --import tsx ${exec![1]}`)
    for (const match of unit.matchAll(/^Environment=(TEAM_[A-Z_]+)=/gm)) expect(variables).toContain(match[1])
    const example = [...read('team-server/team.env.example').matchAll(/^(TEAM_[A-Z_]+)=/gm)].map((match) => match[1])
    expect(example.sort()).toEqual(variables)
  })

  it('docs/team-server.md names every variable and each packaged file', () => {
    const docs = read('docs/team-server.md')
    for (const name of variables) expect(docs).toContain(`\`${name}\``)
    for (const file of [
      'team-server/Dockerfile',
      'team-server/compose.yaml',
      'team-server/talent-desk-team.service',
      'team-server/team.env.example'
    ]) {
      expect(existsSync(join(root, file))).toBe(true)
      expect(docs).toContain(file)
    }
    for (const topic of ['pg_dump', 'pg_restore', 'setup-code', 'TLS', 'hashes only', 'VACUUM'])
      expect(docs).toContain(topic)
  })

  it('the files the Dockerfile copies are all the server needs: its CLI loads from them alone', async () => {
    const app = mkdtempSync(join(tmpdir(), 'td-team-image-'))
    try {
      const dockerfile = read('team-server/Dockerfile')
      for (const match of dockerfile.matchAll(/^COPY\s+(.+)$/gm)) {
        const parts = match[1]!.trim().split(/\s+/)
        const target = join(app, parts.at(-1)!)
        for (const source of parts.slice(0, -1)) {
          const sources = source.includes('*')
            ? readdirSync(join(root, dirname(source)))
                .filter((name) => copySourceExists(join(dirname(source), name)) && name.endsWith(source.split('*')[1]!))
                .map((name) => join(dirname(source), name))
            : [source]
          for (const one of sources) {
            const into = parts.at(-1)!.endsWith('/') ? join(target, basename(one)) : target
            mkdirSync(dirname(into), { recursive: true })
            cpSync(join(root, one), into, { recursive: true })
          }
        }
      }
      // what the image installs: the server's packages, zod and tsx
      symlinkSync(join(serverDir, 'node_modules'), join(app, 'team-server', 'node_modules'))
      mkdirSync(join(app, 'node_modules'))
      for (const name of ['zod', 'tsx']) symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name))
      // ESM resolves every import before the CLI runs a line: --help proves they are all there
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'team-server/cli.ts', '--help'],
        {
          cwd: app
        }
      )
      expect(stdout).toMatch(/^Usage: npm run team-server/)
    } finally {
      rmSync(app, { recursive: true, force: true })
    }
  })
})
