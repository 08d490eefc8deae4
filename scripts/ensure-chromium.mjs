#!/usr/bin/env node
/**
 * Finds Chromium for the browser tests, or installs Debian's package when that is possible.
 * Playwright cannot download its own browser on our machines, so tests always run Debian's Chromium.
 * Prints the path on success; exits 1 with what to install otherwise.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));

let path = found();
if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    /* no apt */
  }
  if (isRoot && hasApt) {
    console.log("Chromium not found; installing Debian's chromium package (apt-get install -y chromium)…");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    } catch {
      console.error('apt-get could not install chromium.');
    }
    path = found();
  }
}
if (!path) {
  console.error(
    [
      "Pinmark's browser tests need Chromium and none was found.",
      'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium/Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(path);
