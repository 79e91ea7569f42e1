// The page in a real browser (Debian's Chromium, headless, driven by playwright-core): it types,
// clicks and reads, and every answer must equal the `referee` binary's on the same input.
//
//   REFEREE_WEB   the built page (default: target/web, scripts/build-web.sh)
//   REFEREE       the binary (default: target/release/referee)
//   CHROMIUM      the browser (default: /usr/bin/chromium)
//
// A screenshot of each view is written to REFEREE_WEB/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { publicCases } from './cases.mjs';
import { serve } from './serve.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = process.env.CARGO_TARGET_DIR ?? join(repo, 'target');
const web = process.env.REFEREE_WEB ?? join(target, 'web');
const binary = process.env.REFEREE ?? join(target, 'release', 'referee');
const shots = join(web, 'screenshots');

// The binary's answer: {status, stdout, stderr}.
function cli(args, input = '') {
  const run = spawnSync(binary, args, { input, maxBuffer: 1 << 28 });
  assert.equal(run.error, undefined, `cannot run ${binary}: ${run.error}`);
  return { status: run.status, stdout: run.stdout.toString('utf8'), stderr: run.stderr.toString('utf8') };
}

// A file for the page's solver: text when it is UTF-8, else its bytes in base64.
const pageFile = (bytes) => (isUtf8(bytes) ? bytes.toString('utf8') : { base64: bytes.toString('base64') });

let server;
let browser;
let page;

before(async () => {
  assert.ok(existsSync(join(web, 'index.html')), `no page at ${web}: run scripts/build-web.sh`);
  assert.ok(existsSync(binary), `no binary at ${binary}: cargo build --release -p referee-host`);
  mkdirSync(shots, { recursive: true });
  server = await serve(web);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const started = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
  console.log(`page ready in ${Date.now() - started} ms`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Runs `referee ARGS` in the page's worker with `files`.
const pageCall = (args, files) => page.evaluate(([a, f]) => window.referee.call(a, f), [args, files]);

describe('the library in the page', () => {
  test('every public case of every problem gives the binary\'s answer', async () => {
    const cases = publicCases(join(repo, 'tests', 'data'));
    assert.ok(cases.length > 400, `only ${cases.length} cases`);
    for (const c of cases) {
      const want = cli(c.args.map((a) => (a === 'input.txt' ? '-' : a)), c.input);
      const got = await pageCall(c.args, { 'input.txt': pageFile(c.input) });
      assert.deepEqual(
        { status: got.status, stdout: got.stdout, stderr: got.stderr },
        want,
        `${c.name}: ${c.args.join(' ')}`,
      );
      if (c.expected && existsSync(c.expected)) {
        assert.equal(got.stdout, readFileSync(c.expected, 'utf8'), `${c.name}: the expected answer`);
      }
    }
  });
});

describe('the views', () => {
  test('Problems: a judge input typed in gives the binary\'s answer', async () => {
    await page.getByTestId('tab-judge').click();
    const input = readFileSync(join(repo, 'tests', 'data', 'greater', '001.in'), 'utf8');
    await page.getByTestId('judge-problem').selectOption('greater');
    await page.getByTestId('judge-input').fill(input);
    await page.getByTestId('judge-exact').check();
    await page.getByTestId('judge-run').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=judge-output]').textContent !== '');
    assert.equal(await page.getByTestId('judge-output').textContent(), cli(['greater', '--exact'], input).stdout);
    await page.screenshot({ path: join(shots, 'problems.png'), fullPage: true });
  });

  test('Battle: odds, damage and lethal equal the binary\'s, and the board is in the link', async () => {
    await page.getByTestId('tab-battle').click();
    const board = '3 3 3 20 2 5 10\n2/3!s1x2/1 1/1R 3/1D\n2/2!s2x1/1 4/1P@3 1/5T\n';
    await page.getByTestId('battle-input').fill(board);
    await page.getByTestId('battle-run').click();
    await page.waitForSelector('[data-testid=battle-result] [data-outcome]');
    const want = cli(['battle', '--exact'], board).stdout.trim().split('\n');
    const outcomes = await page.$$eval('[data-testid=battle-result] [data-outcome]', (rows) =>
      rows.map((row) => [row.dataset.outcome, row.dataset.exact]));
    assert.deepEqual(outcomes, [['alice', want[0]], ['bob', want[1]], ['tie', want[2]]]);
    const lethal = await page.$$eval('[data-hero]', (boxes) => boxes.map((b) => `${b.dataset.hero} dies ${b.dataset.lethal}`));
    assert.deepEqual(lethal, want.slice(3, 5));
    const damage = await page.$$eval('[data-hero]', (boxes) => boxes.flatMap((b) =>
      [...b.querySelectorAll('[data-damage]')].map((c) => `damage to ${b.dataset.hero} ${c.dataset.damage} ${c.dataset.exact}`)));
    assert.deepEqual(damage, want.slice(5));
    await page.screenshot({ path: join(shots, 'battle.png'), fullPage: true });
    // The link restores the board.
    const link = page.url();
    assert.ok(link.includes('#battle='), link);
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('body[data-ready="true"]');
    assert.equal(await other.getByTestId('battle-input').inputValue(), board);
    await other.close();
  });

  test('Battle: the board builder reads the text, writes it back, and its board is answered', async () => {
    await page.getByTestId('tab-battle').click();
    await page.getByTestId('battle-input').fill('1 1\n3/3D\n2/2');
    await page.getByTestId('battle-bob-add').click();
    await page.getByTestId('battle-alice-tier').fill('3');
    const board = await page.getByTestId('battle-input').inputValue();
    assert.equal(board, '1 2 3 1000 1 1000 0\n3/3D\n2/2 1/1\n');
    await page.getByTestId('battle-run').click();
    await page.waitForSelector('[data-testid=battle-result] [data-outcome]');
    const want = cli(['battle', '--exact'], board).stdout.trim().split('\n');
    const outcomes = await page.$$eval('[data-testid=battle-result] [data-outcome]', (rows) => rows.map((row) => row.dataset.exact));
    assert.deepEqual(outcomes, want.slice(0, 3));
  });

  test('Battle: a board beyond the time shows its progress, then gets certified bounds, not a refusal', async () => {
    await page.getByTestId('tab-battle').click();
    const board = readFileSync(join(repo, 'tests', 'bench-inputs', 'battle-late', 'late17.in'), 'utf8');
    await page.getByTestId('battle-input').fill(board);
    await page.getByTestId('battle-time').selectOption('1.5');
    await page.getByTestId('battle-run').click();
    const value = (v) => (v.includes('/') ? Number(v.split('/')[0]) / Number(v.split('/')[1]) : Number(v));
    const states = () => page.$eval('[data-testid=battle-progress]', (p) => [p.dataset.phase, Number(p.dataset.states)]);
    // The exact search's states, as they grow.
    await page.waitForSelector('[data-testid=battle-progress][data-phase=exact]', { timeout: 60_000 });
    const [, first] = await states();
    const text = await page.getByTestId('battle-progress').textContent();
    // The states so far, and the estimate of those ahead once a path has ended.
    assert.match(text, /^Searching… \d+\.\d s: searching exactly \(\d+ states(, about \d+ ahead)?\)$/, text);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=battle-progress]').dataset.states) > n
      || document.querySelector('[data-testid=battle-progress]').dataset.phase === 'bounds', first, { timeout: 60_000 });
    // The page answers while the worker searches.
    const asked = Date.now();
    assert.equal(await page.getByTestId('battle-stop').isEnabled(), true);
    assert.ok(Date.now() - asked < 1000, `the page took ${Date.now() - asked} ms to answer`);
    // Then the bounds as they stand: the width and each outcome's range.
    await page.waitForSelector('[data-testid=battle-live]:not([hidden]) [data-testid=battle-live-bounds] [data-outcome]', { timeout: 120_000 });
    const live = await page.$$eval('[data-testid=battle-live-bounds] [data-outcome]', (rows) =>
      rows.map((row) => [row.dataset.outcome, row.dataset.lower, row.dataset.upper]));
    assert.deepEqual(live.map(([outcome]) => outcome), ['alice', 'bob', 'tie']);
    const progress = await page.getByTestId('battle-progress').textContent();
    assert.match(progress, /^Searching… \d+\.\d s: bounds of width 0\.\d{6} \(round \d+, \d+ states\)$/, progress);
    await page.screenshot({ path: join(shots, 'battle-progress.png'), fullPage: true });
    // The answer: certified bounds, within the ranges shown while it searched.
    await page.waitForSelector('[data-testid=battle-result] [data-outcome]', { timeout: 120_000 });
    assert.ok(await page.$('[data-testid=battle-result] [data-bounded]'), 'a bounded answer');
    assert.equal(await page.getByTestId('battle-live').isHidden(), true);
    const ranges = await page.$$eval('[data-testid=battle-result] [data-outcome]', (rows) =>
      rows.map((row) => [row.dataset.lower, row.dataset.upper]));
    assert.equal(ranges.length, 3);
    for (const [i, [low, high]] of ranges.entries()) {
      assert.ok(value(low) <= value(high), `${low} <= ${high}`);
      const [, shownLow, shownHigh] = live[i];
      assert.ok(value(shownLow) <= value(low) && value(high) <= value(shownHigh) + 1e-6, `${live[i]} then ${low} ${high}`);
    }
    await page.screenshot({ path: join(shots, 'battle-bounds.png'), fullPage: true });
    // The page's answer is certified as its module's to the command line and the binary's are
    // (each within the same time on its own clock, so not byte for byte): every range meets
    // theirs, as ranges that all contain the true value must.
    const args = ['battle', 'board.txt', '--exact', '--rules', 'game', '--time', '1.5'];
    const again = (await pageCall(args, { 'board.txt': board })).stdout.trim().split('\n');
    assert.equal(again.at(-1), 'bounds');
    for (const [i, line] of again.slice(0, 3).entries()) {
      const [low, high] = line.split(' ').map(value);
      assert.ok(low <= value(ranges[i][1]) && value(ranges[i][0]) <= high, `${ranges[i]} meets ${line}`);
    }
    const binary = cli(['battle', '--exact', '--time', '1.5'], board).stdout.trim().split('\n');
    assert.equal(binary.at(-1), 'bounds', 'late17 is not exact in 1.5 s');
    for (const [i, line] of binary.slice(0, 3).entries()) {
      const [low, high] = line.split(' ').map(value);
      assert.ok(low <= value(ranges[i][1]) && value(ranges[i][0]) <= high, `${ranges[i]} meets ${line}`);
    }
  });

  test('Battle: Stop ends a long search, and the next one runs', async () => {
    await page.getByTestId('tab-battle').click();
    const board = readFileSync(join(repo, 'tests', 'bench-inputs', 'battle-late', 'late17.in'), 'utf8');
    await page.getByTestId('battle-input').fill(board);
    await page.getByTestId('battle-time').selectOption('60');
    await page.getByTestId('battle-run').click();
    await page.waitForSelector('[data-testid=battle-progress][data-phase]', { timeout: 60_000 });
    assert.equal(await page.getByTestId('battle-run').isDisabled(), true, 'one search at a time');
    await page.getByTestId('battle-stop').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=battle-message]').textContent === 'stopped');
    assert.equal(await page.getByTestId('battle-progress').textContent(), '');
    assert.equal(await page.getByTestId('battle-stop').isDisabled(), true);
    assert.equal(await page.getByTestId('battle-live').isHidden(), true);
    const small = '1 1\n3/3D\n2/2\n';
    await page.getByTestId('battle-input').fill(small);
    await page.getByTestId('battle-time').selectOption('1.5');
    await page.getByTestId('battle-run').click();
    await page.waitForSelector('[data-testid=battle-result] [data-outcome]');
    const outcomes = await page.$$eval('[data-testid=battle-result] [data-outcome]', (rows) => rows.map((row) => row.dataset.exact));
    assert.deepEqual(outcomes, cli(['battle', '--exact'], small).stdout.trim().split('\n').slice(0, 3));
  });

  test('Results file: standings and the next round equal the binary\'s', async () => {
    await page.getByTestId('tab-results').click();
    const csv = readFileSync(join(repo, 'tests', 'data', 'standings', '001.csv'), 'utf8');
    await page.getByTestId('results-csv').fill(csv);
    await page.getByTestId('results-run').click();
    await page.waitForSelector('[data-testid=results-standings] tbody tr');
    const rows = await page.$$eval('[data-testid=results-standings] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.value).join(',')));
    const want = cli(['standings', '--format', 'csv'], csv).stdout.trim().split('\n').slice(1);
    assert.deepEqual(rows, want.map((line) => line.replace(/"/g, '')));
    await page.screenshot({ path: join(shots, 'results.png'), fullPage: true });
  });

  test('Event: rounds with a drop and a late entry, the cut, each view equal to the binary on the same file', async () => {
    await page.getByTestId('tab-event').click();
    page.once('dialog', (dialog) => dialog.accept());
    const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim'];
    await page.getByTestId('event-names').fill(names.join('\n'));
    await page.getByTestId('event-seed').fill('7');
    await page.getByTestId('event-rounds').fill('4');
    await page.getByTestId('event-create').click();
    const dir = mkdtempSync(join(tmpdir(), 'referee-page-'));
    const file = join(dir, 'event.txt');
    try {
      const results = ['2-1', '2-0', '1-1', '0-2', '1-0', '2-1-1'];
      for (let round = 1; round <= 4; round++) {
        await page.getByTestId('event-pair').click();
        await page.waitForFunction((r) => document.querySelector('[data-testid=event-status]').textContent.includes(`${r}`), round);
        await page.waitForSelector('[data-testid=event-pairings] tbody tr[data-table]');
        const tables = await page.$$eval('[data-testid=event-pairings] tbody tr', (trs) =>
          trs.map((tr) => tr.dataset.table).filter((t) => t !== ''));
        for (const [i, table] of tables.entries()) {
          await page.getByTestId('event-report-table').fill(table);
          await page.getByTestId('event-report-result').fill(results[(i + round) % results.length]);
          await page.getByTestId('event-report').click();
          await page.waitForFunction(() => document.querySelector('[data-testid=event-report-table]').value === '');
        }
        if (round === 1) {
          await page.getByTestId('event-drop-name').fill('Dee');
          await page.getByTestId('event-drop').click();
          await page.waitForFunction(() => document.querySelector('[data-testid=event-drop-name]').value === '');
          await page.getByTestId('event-enter-name').fill('Lou');
          await page.getByTestId('event-enter').click();
          await page.waitForFunction(() => document.querySelector('[data-testid=event-enter-name]').value === '');
        }
      }
      await page.screenshot({ path: join(shots, 'event.png'), fullPage: true });
      const text = await page.evaluate(() => JSON.parse(localStorage.getItem('referee.event.files'))['event.txt']);
      writeFileSync(file, text);
      const standings = cli(['event', 'standings', file, '--format', 'csv']);
      assert.equal(standings.status, 0, standings.stderr);
      const shown = await page.$$eval('[data-testid=event-standings] tbody tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.value)));
      const want = standings.stdout.trim().split('\n').slice(1).map((line) => line.split(','));
      assert.deepEqual(shown, want);
      assert.ok(shown.some((row) => row[1] === 'Dee' && row.at(-1) === 'true'), 'Dee dropped');
      assert.ok(shown.some((row) => row[1] === 'Lou'), 'Lou entered');
      // The cut: the top 8's first playoff round.
      await page.getByTestId('event-cut').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-pairings] tbody tr').length === 4);
      const bracket = await page.$$eval('[data-testid=event-pairings] tbody tr', (trs) =>
        trs.map((tr) => [tr.dataset.player1, tr.dataset.player2]));
      const text2 = await page.evaluate(() => JSON.parse(localStorage.getItem('referee.event.files'))['event.txt']);
      writeFileSync(file, text2);
      const pairings = cli(['event', 'pairings', file, '--format', 'csv']).stdout.trim().split('\n').slice(1)
        .map((line) => line.split(',')).map((row) => [row[1], row[3]]);
      assert.deepEqual(bracket, pairings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
