// `event standings --format csv` in the page (its module, in its worker, in Chromium) against the
// binary on the same event file, alternating: `node bench.mjs EVENT_FILE [RUNS]`
// (scripts/bench-web.sh). Environment as the tests' (REFEREE_WEB, REFEREE, CHROMIUM).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = process.env.CARGO_TARGET_DIR ?? join(repo, 'target');
const web = process.env.REFEREE_WEB ?? join(target, 'web');
const binary = process.env.REFEREE ?? join(target, 'release', 'referee');
const [file, runsText = '11'] = process.argv.slice(2);
const runs = Number(runsText);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve(web);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  const loading = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  const ready = Date.now() - loading;
  const text = readFileSync(file, 'utf8');
  const args = ['event', 'standings', 'bench.event', '--format', 'csv'];
  const [inPage, cli] = [[], []];
  let same = true;
  for (let i = 0; i < runs; i++) {
    const reply = await page.evaluate(async ([a, t]) => {
      const started = performance.now();
      const r = await window.referee.call(a, { 'bench.event': t });
      return { ms: performance.now() - started, stdout: r.stdout, status: r.status };
    }, [args, text]);
    inPage.push(reply.ms);
    const started = process.hrtime.bigint();
    const run = spawnSync(binary, ['event', 'standings', file, '--format', 'csv'], { maxBuffer: 1 << 28 });
    cli.push(Number(process.hrtime.bigint() - started) / 1e6);
    same &&= reply.status === 0 && reply.stdout === run.stdout.toString('utf8');
  }
  const [p, c] = [median(inPage), median(cli)];
  console.log(`page ready in ${ready} ms`);
  console.log(`event standings --format csv, ${runs} runs alternating (medians): page ${p.toFixed(1)} ms, binary ${c.toFixed(1)} ms, ratio ${(p / c).toFixed(2)}`);
  console.log(`answers equal: ${same}`);
} finally {
  await browser.close();
  await server.close();
}
