// The public cases of every problem as command lines: each is run by the `referee` binary and
// by the page's WebAssembly, and the two answers must be equal (exit status, stdout, stderr).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const list = (dir) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

// Every case under `data` (the repository's tests/data): {name, args, input, expected}, where
// `args` name the input (bytes) as `input.txt` and `expected` is the file of the answer when the
// case has one (the invalid cases' messages are compared with the binary's only).
export function publicCases(data) {
  const cases = [];
  const judge = [
    ['swiss', []],
    ['tavern', []],
    ['greater', []],
    ['pathgame', []],
    ['battle', ['--rules', 'tavern']],
    ['battle-game', ['--rules', 'game']],
  ];
  for (const [dir, extra] of judge) {
    const problem = dir === 'battle-game' ? 'battle' : dir;
    for (const file of list(join(data, dir)).filter((f) => f.endsWith('.in'))) {
      const base = file.slice(0, -3);
      const input = readFileSync(join(data, dir, file));
      cases.push({ name: `${dir}/${base}`, args: [problem, 'input.txt', ...extra], input, expected: join(data, dir, `${base}.out`) });
      if (list(join(data, dir)).includes(`${base}.exact`)) {
        cases.push({ name: `${dir}/${base} --exact`, args: [problem, 'input.txt', '--exact', ...extra], input, expected: join(data, dir, `${base}.exact`) });
      }
    }
    for (const file of list(join(data, 'invalid', dir)).filter((f) => f.endsWith('.in'))) {
      const input = readFileSync(join(data, 'invalid', dir, file));
      cases.push({ name: `invalid/${dir}/${file}`, args: [problem, 'input.txt', ...extra], input });
    }
  }
  // standings: NNN.csv, answers NNN[.rK].PROFILE.(csv|json).
  const standings = list(join(data, 'standings'));
  for (const answer of standings) {
    const m = answer.match(/^(\d+)\.(?:r(\d+)\.)?(mtr|contest)\.(csv|json)$/);
    if (!m) continue;
    const [, id, round, profile, format] = m;
    const args = ['standings', 'input.txt', '--profile', profile, '--format', format];
    if (round) args.push('--round', round);
    const input = readFileSync(join(data, 'standings', `${id}.csv`));
    cases.push({ name: `standings/${answer}`, args, input, expected: join(data, 'standings', answer) });
  }
  for (const [dir, profile] of [['standings', 'mtr'], ['standings-contest', 'contest']]) {
    for (const file of list(join(data, 'invalid', dir)).filter((f) => f.endsWith('.csv'))) {
      const input = readFileSync(join(data, 'invalid', dir, file));
      cases.push({ name: `invalid/${dir}/${file}`, args: ['standings', 'input.txt', '--profile', profile], input });
    }
  }
  // pair: results files and lists of players (their answers: the binary's).
  for (const dir of [join(data, 'pair'), join(data, 'invalid', 'pair')]) {
    for (const file of list(dir).filter((f) => f.endsWith('.csv') || f.endsWith('.players'))) {
      const input = readFileSync(join(dir, file));
      const args = file.endsWith('.players') ? ['pair', 'input.txt', '--players'] : ['pair', 'input.txt'];
      cases.push({ name: `${dir.endsWith('pair') && dir.includes('invalid') ? 'invalid/' : ''}pair/${file}`, args, input });
    }
  }
  return cases;
}
