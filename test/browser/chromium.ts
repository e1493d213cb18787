/**
 * Debian's Chromium, driven by playwright-core (which never downloads a browser). Under CI a
 * missing Chromium is a failure (scripts/browser.sh installs it); elsewhere tests skip.
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** Why browser tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined
  if (process.env.CI === 'true') {
    throw new Error(`${CHROMIUM} is missing: CI must run scripts/browser.sh first`)
  }
  return `no ${CHROMIUM} (run scripts/browser.sh to install Debian's chromium)`
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}
