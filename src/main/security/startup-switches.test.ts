import { describe, expect, it } from 'vitest'
import { refusedStartupSwitch, type StartupCommandLine } from './startup-switches'

function packaged(argv: string[], options: Partial<StartupCommandLine> = {}): StartupCommandLine {
  return {
    isPackaged: true,
    argv: ['/opt/Store Inventory Lookup/store-inventory-lookup', ...argv],
    platform: 'linux',
    hasSwitch: () => false,
    ...options
  }
}

describe('switches a packaged app refuses at start', () => {
  it('refuses --no-sandbox, as before, with the way to let the sandbox start', () => {
    expect(refusedStartupSwitch(packaged(['--no-sandbox']))).toEqual({
      given: '--no-sandbox',
      title: 'Store Inventory Lookup does not run without its sandbox',
      message:
        'Start it without --no-sandbox. On Linux, if the sandbox cannot start, see "Linux: when the sandbox cannot start" in the README.'
    })
  })

  it.each([
    ['--remote-debugging-port=9222', 'remote-debugging-port'],
    ['--remote-debugging-port', 'remote-debugging-port'],
    ['--remote-debugging-pipe', 'remote-debugging-pipe'],
    ['-remote-debugging-port=0', 'remote-debugging-port'],
    ['--inspect', 'inspect'],
    ['--inspect=127.0.0.1:9229', 'inspect'],
    ['--inspect-brk', 'inspect-brk'],
    ['--inspect-brk-node=9230', 'inspect-brk-node'],
    ['--inspect-port=0', 'inspect-port'],
    ['--inspect_brk', 'inspect-brk'],
    ['--INSPECT', 'inspect']
  ])('refuses %s, saying what it would allow', (given, name) => {
    expect(refusedStartupSwitch(packaged(['--enable-logging', given]))).toEqual({
      given,
      title: 'Store Inventory Lookup does not run with debugging switches',
      message: `Start it without --${name}: it would let other programs on this computer control the app and read everything it shows.`
    })
  })

  it("refuses a switch only Chromium's own command line shows", () => {
    const seen: string[] = []
    const refusal = refusedStartupSwitch(
      packaged([], {
        hasSwitch: (name) => {
          seen.push(name)
          return name === 'inspect-wait'
        }
      })
    )
    expect(refusal?.given).toBe('--inspect-wait')
    expect(seen).toEqual([
      'no-sandbox',
      'remote-debugging-port',
      'remote-debugging-pipe',
      'inspect',
      'inspect-brk',
      'inspect-port',
      'inspect-brk-node',
      'inspect-publish-uid',
      'inspect-wait'
    ])
  })

  it("reads Windows' /switch form there, and nothing after --", () => {
    expect(refusedStartupSwitch(packaged(['/remote-debugging-port=9222'], { platform: 'win32' }))?.given).toBe(
      '/remote-debugging-port=9222'
    )
    expect(refusedStartupSwitch(packaged(['/remote-debugging-port=9222']))).toBeNull()
    expect(refusedStartupSwitch(packaged(['--', '--inspect', 'list.csv']))).toBeNull()
  })

  it('lets ordinary switches and files through, and an unpackaged build (the tests, development) start with anything', () => {
    expect(refusedStartupSwitch(packaged(['--enable-logging', 'items.csv', '--lang=fr']))).toBeNull()
    expect(refusedStartupSwitch(packaged(['--inspection-report']))).toBeNull()
    expect(
      refusedStartupSwitch({
        isPackaged: false,
        argv: ['electron', '.', '--no-sandbox', '--remote-debugging-port=9222'],
        platform: 'linux',
        hasSwitch: () => true
      })
    ).toBeNull()
  })
})
