// The referee page: every answer comes from the referee library compiled to WebAssembly
// (referee-NAME-wasm.js hold its modules, one per part of the page), run in Web Workers so
// that the page never freezes. The page speaks to it as the command line does: arguments and
// files in; exit status, stdout, stderr and the files it changed out (docs/web.md, "How the
// page calls the library").
(() => {
  'use strict';

  // ---- The solver: the wasm module in a worker ------------------------------------------

  // The worker's code: instantiates the module, then answers one request per message. Built
  // from this function's text (a Blob), so that the page also works opened from a file. While
  // a game-rules search runs, the module calls its import `referee_progress` a few times a
  // second (each report goes to the page as {id, progress} before the reply), and reads the
  // time of its `--time` from the other, `referee_clock` (microseconds, a BigInt).
  function workerMain() {
    let wasm = null;
    let module = null;
    let current = 0;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const imports = {
      env: {
        referee_progress: (at, length) => {
          const text = decoder.decode(new Uint8Array(wasm.memory.buffer, at, length));
          self.postMessage({ id: current, progress: JSON.parse(text) });
        },
        referee_clock: () => BigInt(Math.floor(performance.now() * 1000)),
      },
    };
    const start = async () => {
      wasm = (await WebAssembly.instantiate(module, imports)).exports;
    };
    self.onmessage = async (event) => {
      const message = event.data;
      if (message.module) {
        module = message.module;
        await start();
        self.postMessage({ ready: true });
        return;
      }
      try {
        const request = encoder.encode(JSON.stringify({ args: message.args, files: message.files }));
        const at = wasm.referee_request(request.length);
        new Uint8Array(wasm.memory.buffer, at, request.length).set(request);
        current = message.id;
        const length = wasm.referee_call();
        const bytes = new Uint8Array(wasm.memory.buffer, wasm.referee_reply(), length);
        self.postMessage({ id: message.id, reply: JSON.parse(decoder.decode(bytes)) });
      } catch (error) {
        // A trap leaves the instance unusable: start a fresh one for the next request.
        self.postMessage({ id: message.id, error: String(error) });
        await start();
      }
    };
  }

  // One module in its worker. `bytes`: a promise of the module's bytes.
  class Solver {
    constructor(bytes) {
      this.bytes = bytes;
      this.pending = new Map();
      this.next = 1;
      this.ready = this.spawn();
    }

    async spawn() {
      const module = await WebAssembly.compile(await this.bytes);
      const source = `(${workerMain.toString()})();`;
      this.worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      await new Promise((resolve, reject) => {
        this.worker.onmessage = (event) => {
          if (event.data.ready) {
            this.worker.onmessage = (e) => this.answer(e.data);
            resolve();
          }
        };
        this.worker.onerror = (e) => reject(new Error(e.message));
        this.worker.postMessage({ module });
      });
    }

    answer(data) {
      const pending = this.pending.get(data.id);
      if (!pending) return;
      if (data.progress) {
        pending.onProgress?.(data.progress);
        return;
      }
      this.pending.delete(data.id);
      if (data.error) pending.reject(new Error(`the solver stopped: ${data.error}`));
      else pending.resolve(data.reply);
    }

    // Runs `referee ARGS...` with `files` (name -> text); resolves to
    // {status, stdout, stderr, files: {name: text or null when removed}}. A game-rules search
    // within a time tells `onProgress` where it is as it goes (docs/web.md): {phase: 'exact',
    // states, text}, then {phase: 'bounds', states, text, round, width, lower: [alice, bob,
    // tie]} (millionths).
    async call(args, files = {}, onProgress = null) {
      await this.ready;
      const id = this.next++;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onProgress });
        this.worker.postMessage({ id, args, files });
      });
    }

    // Stops a long computation: the worker is replaced by a fresh one.
    stop() {
      this.worker.terminate();
      for (const { reject } of this.pending.values()) reject(new Error('stopped'));
      this.pending.clear();
      this.ready = this.spawn();
    }
  }

  // The page's modules (scripts/build-web.sh, docs/web.md): each answers the commands of one
  // part of the page, and any module answers `--help` and a usage error alike.
  const MODULE_OF = { event: 'event', standings: 'results', pair: 'results', battle: 'battle' };
  const moduleOf = (args) => MODULE_OF[args.find((a) => !a.startsWith('-'))] ?? 'contest';

  // A module's bytes: its script referee-NAME-wasm.js is loaded (a script, not a fetch, so that
  // the page also works opened from a file) the first time one of its commands runs.
  function moduleBytes(name) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `referee-${name}-wasm.js`;
      script.onload = () => resolve(base64Bytes(self.REFEREE_WASM[name]));
      script.onerror = () => reject(new Error(`cannot load referee-${name}-wasm.js`));
      document.head.append(script);
    });
  }

  // The library as one solver: each call goes to the module that answers its command, started
  // the first time it is needed (or by `load`).
  class Referee {
    constructor() {
      this.solvers = new Map();
    }

    solver(name) {
      if (!this.solvers.has(name)) this.solvers.set(name, new Solver(moduleBytes(name)));
      return this.solvers.get(name);
    }

    // Resolves once the module `name` is ready.
    load(name) {
      return this.solver(name).ready;
    }

    // As Solver.call, by the module of `args`.
    call(args, files = {}, onProgress = null) {
      return this.solver(moduleOf(args)).call(args, files, onProgress);
    }

    // Stops what the module `name` computes (Solver.stop).
    stop(name) {
      this.solvers.get(name)?.stop();
    }
  }

  function base64Bytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  // ---- Small helpers ----------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  // The records of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF).
  function parseCsv(text) {
    const rows = [];
    let row = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
        else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') { row.push(field); field = ''; }
      else if (c === '\n' || c === '\r') {
        if (c === '\r' && text[i + 1] === '\n') i++;
        row.push(field); rows.push(row); row = []; field = '';
      } else field += c;
    }
    if (field !== '' || row.length) { row.push(field); rows.push(row); }
    return rows;
  }

  // `num/den` to `digits` decimals, rounded half up, exactly (BigInt).
  function decimal(fraction, digits, scale = 1n) {
    const [n, d] = fraction.split('/').map((x) => BigInt(x));
    if (d === undefined || d === 0n) return fraction;
    const unit = 10n ** BigInt(digits);
    const scaled = (2n * n * scale * unit + d) / (2n * d);
    const whole = scaled / unit;
    const frac = (scaled % unit).toString().padStart(digits, '0');
    return digits ? `${whole}.${frac}` : `${whole}`;
  }

  // `num/den` as a percentage to `digits` decimals, never shown as 0% or 100% unless exactly so.
  function percentOf(fraction, digits = 4) {
    const [n, d] = fraction.split('/').map((x) => BigInt(x));
    const shown = decimal(fraction, digits, 100n);
    const floor = `0.${'0'.repeat(digits - 1)}1`;
    if (n !== 0n && Number(shown) === 0) return `<${floor}%`;
    if (n !== d && Number(shown) === 100) return `>${(100 - Number(floor)).toFixed(digits)}%`;
    return `${shown}%`;
  }

  const PERCENT_COLUMNS = new Set(['omw', 'gw', 'ogw']);

  // Fills `table` from CSV `text`: a row per record with `data-<key>` from `rowData(record)`,
  // a cell per column with `data-col` (its name) and `data-value` (its CSV value).
  function fillTable(table, text, rowData, display = (col, value) => value) {
    const [header, ...records] = parseCsv(text);
    const head = table.querySelector('thead');
    const body = table.querySelector('tbody');
    head.replaceChildren();
    body.replaceChildren();
    if (!header) return [];
    const tr = document.createElement('tr');
    for (const col of header) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = col;
      tr.append(th);
    }
    head.append(tr);
    const objects = [];
    for (const record of records) {
      if (record.length === 1 && record[0] === '') continue;
      const object = Object.fromEntries(header.map((col, i) => [col, record[i] ?? '']));
      objects.push(object);
      const row = document.createElement('tr');
      for (const [key, value] of Object.entries(rowData(object))) row.dataset[key] = value;
      for (const col of header) {
        const td = document.createElement('td');
        td.dataset.col = col;
        td.dataset.value = object[col];
        const shown = display(col, object[col]);
        td.textContent = shown;
        if (shown !== object[col]) td.title = object[col];
        row.append(td);
      }
      body.append(row);
    }
    return objects;
  }

  const percent = (col, value) =>
    PERCENT_COLUMNS.has(col) && value.includes('/') ? `${decimal(value, 4, 100n)}%` : value;

  function say(element, text, isError = true) {
    element.textContent = text;
    element.classList.toggle('error', isError && text !== '');
  }

  // The message of a failed run: its stderr without the `error: ` prefix of each line.
  const failure = (reply) => reply.stderr.trim() || `exit status ${reply.status}`;

  // ---- Event --------------------------------------------------------------------------------

  const EVENT = 'event.txt';
  const STORE = 'referee.event.files';
  let eventFiles = {};

  function loadStoredEvent() {
    try {
      eventFiles = JSON.parse(localStorage.getItem(STORE) || '{}') || {};
    } catch {
      eventFiles = {};
    }
  }

  function storeEvent() {
    try {
      localStorage.setItem(STORE, JSON.stringify(eventFiles));
    } catch {
      // Storage full or refused: the event is still in this page and can be saved.
    }
  }

  // Applies the files a run changed (null: removed).
  function applyFiles(files) {
    for (const [name, text] of Object.entries(files || {})) {
      if (text === null) delete eventFiles[name];
      else eventFiles[name] = text;
    }
    storeEvent();
  }

  async function eventRun(solver, args, extra = {}) {
    const reply = await solver.call(['event', ...args], { ...eventFiles, ...extra });
    if (reply.status === 0) applyFiles(reply.files);
    return reply;
  }

  async function refreshEvent(solver) {
    const message = $('event-status');
    const names = $('event-players');
    if (!eventFiles[EVENT]) {
      say(message, 'No event yet: create one or open an event file.', false);
      for (const id of ['event-pairings', 'event-standings']) {
        $(id).querySelector('thead').replaceChildren();
        $(id).querySelector('tbody').replaceChildren();
      }
      return;
    }
    const status = await eventRun(solver, ['status', EVENT]);
    say(message, status.status === 0 ? status.stdout.trim() : failure(status), status.status !== 0);
    const by = $('event-pairings-by').value;
    const pairings = await eventRun(solver, ['pairings', EVENT, '--by', by, '--format', 'csv']);
    if (pairings.status === 0) {
      fillTable($('event-pairings'), pairings.stdout, (row) =>
        by === 'table'
          ? { table: row.table, player1: row.player1, player2: row.player2 }
          : { player: row.player, table: row.table, opponent: row.opponent });
    } else {
      fillTable($('event-pairings'), '', () => ({}));
    }
    const standings = await eventRun(solver, ['standings', EVENT, '--format', 'csv']);
    const rows = standings.status === 0
      ? fillTable($('event-standings'), standings.stdout, (row) => ({ player: row.player }), percent)
      : fillTable($('event-standings'), '', () => ({}));
    names.replaceChildren(...rows.map((row) => Object.assign(document.createElement('option'), { value: row.player })));
  }

  function setupEvent(solver) {
    loadStoredEvent();
    const message = $('event-message');
    const act = async (args, extra) => {
      say(message, '');
      const reply = await eventRun(solver, args, extra);
      if (reply.status !== 0) say(message, failure(reply));
      else if (reply.stderr.trim()) say(message, reply.stderr.trim(), false);
      await refreshEvent(solver);
      return reply;
    };
    $('event-new').addEventListener('submit', async (e) => {
      e.preventDefault();
      if (eventFiles[EVENT] && !confirm('Replace the event in this page by a new one? Save it first if you need it.')) return;
      const seed = $('event-seed').value || String(crypto.getRandomValues(new Uint32Array(2)).reduce((a, b) => a * 4294967296 + b, 0) % Number.MAX_SAFE_INTEGER);
      const args = ['new', EVENT, '--players', 'players.txt', '--name', $('event-title').value || 'Event',
        '--games-to-win', $('event-games').value, '--seed', seed];
      if ($('event-rounds').value) args.push('--rounds', $('event-rounds').value);
      const previous = eventFiles;
      eventFiles = {};
      const reply = await act(args, { 'players.txt': $('event-names').value });
      if (reply.status !== 0) { eventFiles = previous; storeEvent(); await refreshEvent(solver); }
    });
    $('event-pair').addEventListener('click', () => act(['pair', EVENT]));
    $('event-cut').addEventListener('click', () => act(['cut', EVENT, '--top', $('event-top').value]));
    $('event-undo').addEventListener('click', () => act(['undo', EVENT]));
    $('event-report-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const reply = await act(['report', EVENT, $('event-report-table').value.trim(), $('event-report-result').value.trim()]);
      if (reply.status === 0) { $('event-report-table').value = ''; $('event-report-result').value = ''; $('event-report-table').focus(); }
    });
    $('event-drop-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const reply = await act(['drop', EVENT, $('event-drop-name').value]);
      if (reply.status === 0) $('event-drop-name').value = '';
    });
    $('event-enter-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const reply = await act(['enter', EVENT, $('event-enter-name').value, '--missed', $('event-enter-missed').value]);
      if (reply.status === 0) $('event-enter-name').value = '';
    });
    $('event-pairings-by').addEventListener('change', () => refreshEvent(solver));
    $('event-slips').addEventListener('click', async () => {
      const reply = await solver.call(['event', 'slips', EVENT, '--format', 'html'], eventFiles);
      if (reply.status !== 0) { say(message, failure(reply)); return; }
      const page = window.open(URL.createObjectURL(new Blob([reply.stdout], { type: 'text/html' })));
      if (page) page.addEventListener('load', () => page.print());
    });
    $('event-save').addEventListener('click', () => {
      if (!eventFiles[EVENT]) return;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([eventFiles[EVENT]], { type: 'text/plain' }));
      link.download = `${($('event-title').value || 'event').replace(/[^\w.-]+/g, '_')}.event`;
      link.click();
    });
    $('event-open').addEventListener('change', async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      let text;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
      } catch {
        say(message, `${file.name} is not UTF-8 text: an event file is text`);
        return;
      }
      const reply = await solver.call(['event', 'status', EVENT], { [EVENT]: text });
      if (reply.status !== 0) { say(message, `${file.name}: ${failure(reply)}`); return; }
      eventFiles = { [EVENT]: text };
      storeEvent();
      say(message, '');
      await refreshEvent(solver);
    });
    return refreshEvent(solver);
  }

  // ---- Results file -------------------------------------------------------------------------

  function setupResults(solver) {
    const message = $('results-message');
    $('results-run').addEventListener('click', async () => {
      say(message, '');
      const files = { 'results.csv': $('results-csv').value };
      const profile = $('results-profile').value;
      const standings = await solver.call(['standings', 'results.csv', '--profile', profile, '--format', 'csv'], files);
      if (standings.status !== 0) {
        fillTable($('results-standings'), '', () => ({}));
        fillTable($('results-pairing'), '', () => ({}));
        say(message, failure(standings));
        return;
      }
      fillTable($('results-standings'), standings.stdout, (row) => ({ player: row.player }), percent);
      const pairing = await solver.call(['pair', 'results.csv'], files);
      if (pairing.status === 0) {
        fillTable($('results-pairing'), pairing.stdout, (row) => ({ player1: row.player1, player2: row.player2 }));
      } else {
        fillTable($('results-pairing'), '', () => ({}));
        say(message, `next round: ${failure(pairing)}`);
      }
    });
  }

  // ---- Battle -------------------------------------------------------------------------------

  const OUTCOMES = [['alice', 'Alice wins'], ['bob', 'Bob wins'], ['tie', 'Tie']];

  // The answer of `battle --exact`: the three outcomes, then (game rules) the lethal and
  // damage lines.
  // A bounded answer (`--time` ran out) ends with the line `bounds`, each value then
  // `lower upper`: kept as [lower, upper] pairs.
  function parseBattle(text) {
    let lines = text.trim().split('\n');
    const bounded = lines[lines.length - 1] === 'bounds';
    if (bounded) lines = lines.slice(0, -1);
    const value = (v) => (bounded ? v.split(' ') : v);
    const answer = { bounded, outcomes: lines.slice(0, 3).map(value), dies: {}, damage: { alice: [], bob: [] } };
    for (const line of lines.slice(3)) {
      let m = line.match(/^(alice|bob) dies (.+)$/);
      if (m) { answer.dies[m[1]] = value(m[2]); continue; }
      m = line.match(/^damage to (alice|bob) (\d+) (.+)$/);
      if (m) answer.damage[m[1]].push([Number(m[2]), value(m[3])]);
    }
    return answer;
  }

  function renderBattle(element, answer) {
    element.replaceChildren();
    const odds = document.createElement('div');
    odds.className = 'odds';
    if (answer.bounded) {
      renderBounds(element, answer);
      return;
    }
    answer.outcomes.forEach((exact, i) => {
      const [key, label] = OUTCOMES[i];
      const row = document.createElement('div');
      row.className = `outcome ${key}`;
      row.dataset.outcome = key;
      row.dataset.exact = exact;
      const share = Number(decimal(exact, 6));
      row.innerHTML = `<span class="label"></span><span class="bar" role="img"><span class="fill"></span></span><span class="value"></span>`;
      row.querySelector('.label').textContent = label;
      row.querySelector('.fill').style.width = `${share * 100}%`;
      row.querySelector('.bar').setAttribute('aria-label', `${label}: ${percentOf(exact)}`);
      row.querySelector('.value').textContent = percentOf(exact);
      row.querySelector('.value').title = exact;
      odds.append(row);
    });
    element.append(odds);
    for (const side of ['alice', 'bob']) {
      if (answer.dies[side] === undefined) continue;
      const box = document.createElement('div');
      box.className = 'damage';
      box.dataset.hero = side;
      const title = document.createElement('h3');
      title.textContent = `Damage to ${side === 'alice' ? 'Alice' : 'Bob'} (lethal: ${percentOf(answer.dies[side])})`;
      title.title = answer.dies[side];
      box.dataset.lethal = answer.dies[side];
      box.append(title);
      const list = document.createElement('div');
      list.className = 'histogram';
      const top = Math.max(1e-9, ...answer.damage[side].map(([, p]) => Number(decimal(p, 6))));
      for (const [damage, p] of answer.damage[side]) {
        const bar = document.createElement('div');
        bar.className = 'column';
        bar.dataset.damage = damage;
        bar.dataset.exact = p;
        bar.title = `${damage} damage: ${p} (${percentOf(p)})`;
        bar.innerHTML = '<span class="fill"></span><span class="tick"></span>';
        bar.querySelector('.fill').style.height = `${(Number(decimal(p, 6)) / top) * 100}%`;
        bar.querySelector('.tick').textContent = damage;
        list.append(bar);
      }
      if (!answer.damage[side].length) list.textContent = 'no damage';
      box.append(list);
      element.append(box);
    }
  }

  // A value as a fraction (`num/den`; a bound may be printed `0` or `1`).
  const fraction = (v) => (v.includes('/') ? v : `${v}/1`);
  // A certified range, lower to upper, as percentages.
  const range = ([low, high]) => `${percentOf(fraction(low))} – ${percentOf(fraction(high))}`;

  // The row of outcome `i` within certified bounds [lower, upper] (fractions): the bar filled
  // to the lower bound, then shaded to the upper one; `data-lower` and `data-upper` hold them.
  function rangeRow(i, [lower, upper]) {
    const [key, label] = OUTCOMES[i];
    const row = document.createElement('div');
    row.className = `outcome ${key}`;
    row.dataset.outcome = key;
    row.dataset.lower = lower;
    row.dataset.upper = upper;
    row.innerHTML = '<span class="label"></span><span class="bar" role="img"><span class="fill"></span><span class="spread"></span></span><span class="value"></span>';
    row.querySelector('.label').textContent = label;
    const [low, high] = [lower, upper].map((v) => Number(decimal(fraction(v), 6)) * 100);
    row.querySelector('.fill').style.width = `${low}%`;
    row.querySelector('.spread').style.width = `${Math.max(0, high - low)}%`;
    row.querySelector('.bar').setAttribute('aria-label', `${label}: ${range([lower, upper])}`);
    row.querySelector('.value').textContent = range([lower, upper]);
    return row;
  }

  // A bounded answer: each value as its certified range (lower to upper, decimals as printed).
  function renderBounds(element, answer) {
    const note = document.createElement('p');
    note.dataset.bounded = 'true';
    note.textContent = 'The search did not finish in the time given: each value lies between the two bounds shown (certified). Give it more time for a narrower range, or the exact answer.';
    element.append(note);
    answer.outcomes.forEach((pair, i) => element.append(rangeRow(i, pair)));
    for (const side of ['alice', 'bob']) {
      if (!answer.dies[side]) continue;
      const line = document.createElement('p');
      line.dataset.hero = side;
      line.textContent = `${side === 'alice' ? 'Alice' : 'Bob'} dies: ${range(answer.dies[side])}`;
      element.append(line);
    }
  }

  function battleLink() {
    const params = new URLSearchParams({ battle: $('battle-input').value, rules: $('battle-rules').value });
    return `${location.href.split('#')[0]}#${params}`;
  }

  // ---- The board builder: a form per side that writes the text format, and reads it back ----

  const KEYWORDS = ['T', 'D', 'P', 'V', 'W', 'R', 'S', 'C'];
  const KEYWORD_NAMES = { T: 'taunt', D: 'divine shield', P: 'poisonous', V: 'venomous', W: 'windfury', R: 'reborn', S: 'stealth', C: 'cleave' };
  const MINION = /^(\d+)\/(\d+)([A-Z]*)(?:@(\d+))?(!.*)?$/;

  function minionRow(side, minion = { attack: 1, health: 1, tier: 1, keywords: '', effects: '' }) {
    const row = document.createElement('tr');
    const label = (text, input) => { input.setAttribute('aria-label', `${side} minion ${text}`); return input; };
    const number = (value, min, max, cls) => Object.assign(document.createElement('input'), { type: 'number', min, max, value, className: cls });
    const cells = [
      label('attack', number(minion.attack, 0, 1e9, 'attack')),
      label('health', number(minion.health, 1, 1e9, 'health')),
      label('tier', number(minion.tier, 1, 7, 'tier')),
    ];
    for (const cell of cells) row.insertCell().append(cell);
    const keywords = document.createElement('div');
    keywords.className = 'keywords';
    for (const k of KEYWORDS) {
      const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: minion.keywords.includes(k), value: k });
      const l = document.createElement('label');
      l.title = KEYWORD_NAMES[k];
      l.append(k, box);
      box.setAttribute('aria-label', `${side} minion ${KEYWORD_NAMES[k]}`);
      keywords.append(l);
    }
    row.insertCell().append(keywords);
    const effects = label('effects', Object.assign(document.createElement('input'), { value: minion.effects, className: 'effects', placeholder: '!s1x2/1 !r1D !c3x2' }));
    row.insertCell().append(effects);
    const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: '✕' });
    remove.setAttribute('aria-label', `remove this ${side} minion`);
    remove.addEventListener('click', () => { row.remove(); writeBoard(); });
    row.insertCell().append(remove);
    return row;
  }

  const sides = () => [...document.querySelectorAll('#battle-builder fieldset.side')];

  // The builder's board as the text format.
  function builderText() {
    const lines = sides().map((fieldset) => [...fieldset.querySelectorAll('tbody tr')].map((row) => {
      const value = (cls) => row.querySelector(`.${cls}`).value.trim();
      const keywords = [...row.querySelectorAll('.keywords input:checked')].map((box) => box.value).join('');
      const tier = value('tier') && value('tier') !== '1' ? `@${value('tier')}` : '';
      return `${value('attack')}/${value('health')}${keywords}${tier}${value('effects').replace(/\s+/g, '')}`;
    }).join(' '));
    const [alice, bob] = sides();
    const hero = (fieldset) => `${fieldset.querySelector('.hero-tier').value} ${fieldset.querySelector('.hero-health').value}`;
    const counts = sides().map((f) => f.querySelectorAll('tbody tr').length).join(' ');
    return `${counts} ${hero(alice)} ${hero(bob)} ${$('battle-cap').value || 0}\n${lines[0]}\n${lines[1]}\n`;
  }

  function writeBoard() {
    $('battle-input').value = builderText();
  }

  // Reads the text into the builder when it is in the form the builder writes (else leaves it).
  function readBoard(text) {
    const tokens = text.trim().split(/\s+/);
    const [n, m] = tokens.slice(0, 2).map(Number);
    if (!(n >= 1 && m >= 1) || !Number.isInteger(n) || !Number.isInteger(m)) return;
    const lines = text.trim().split('\n');
    const header = lines[0].trim().split(/\s+/).map(Number);
    const minions = tokens.slice(lines[0].trim().split(/\s+/).length);
    if (minions.length !== n + m || !minions.every((t) => MINION.test(t))) return;
    const [alice, bob] = sides();
    // Without the hero fields: the spec's heroes (tier 1, health 1000) and no cap.
    const heroes = header.length >= 6 ? header.slice(2, 7) : [1, 1000, 1, 1000, 0];
    [alice.querySelector('.hero-tier').value, alice.querySelector('.hero-health').value] = heroes.slice(0, 2);
    [bob.querySelector('.hero-tier').value, bob.querySelector('.hero-health').value] = heroes.slice(2, 4);
    $('battle-cap').value = heroes[4] ?? 0;
    [[alice, minions.slice(0, n)], [bob, minions.slice(n)]].forEach(([fieldset, list]) => {
      const body = fieldset.querySelector('tbody');
      body.replaceChildren(...list.map((token) => {
        const [, attack, health, keywords, tier, effects] = token.match(MINION);
        return minionRow(fieldset.dataset.side, { attack, health, keywords, tier: tier ?? 1, effects: effects ?? '' });
      }));
    });
  }

  function setupBuilder() {
    const builder = $('battle-builder');
    builder.addEventListener('input', (e) => { if (e.target.id !== 'battle-input') writeBoard(); });
    builder.addEventListener('change', (e) => { if (e.target.id !== 'battle-input') writeBoard(); });
    for (const fieldset of sides()) {
      fieldset.querySelector('.add-minion').addEventListener('click', () => {
        if (fieldset.querySelectorAll('tbody tr').length >= 7) return;
        fieldset.querySelector('tbody').append(minionRow(fieldset.dataset.side));
        writeBoard();
      });
    }
    $('battle-input').addEventListener('input', () => readBoard($('battle-input').value));
    readBoard($('battle-input').value);
  }

  // The live view of a search in progress (the worker's reports, `Solver.call`): the line the
  // binary's progress shows (the exact search's states, then the bounds' width) on
  // `battle-progress` after the time, and under the bounds the share settled and each
  // outcome's certified range so far.
  function showSearch(started, report) {
    const progress = $('battle-progress');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    progress.textContent = report ? `Searching… ${seconds} s: ${report.text}` : `Searching… ${seconds} s`;
    if (!report) return;
    progress.dataset.phase = report.phase;
    progress.dataset.states = report.states;
    if (report.phase !== 'bounds') return;
    const live = $('battle-live');
    live.hidden = false;
    const settled = $('battle-settled');
    settled.value = 1_000_000 - report.width;
    settled.textContent = `${percentOf(`${settled.value}/1000000`)}`;
    live.dataset.width = report.width;
    const rows = report.lower.map((lower, i) =>
      rangeRow(i, [`${lower}/1000000`, `${Math.min(1_000_000, lower + report.width)}/1000000`]));
    $('battle-live-bounds').replaceChildren(...rows);
  }

  function setupBattle(solver) {
    setupBuilder();
    const message = $('battle-message');
    const progress = $('battle-progress');
    let timer = null;
    const stopTimer = () => {
      clearInterval(timer);
      timer = null;
      $('battle-stop').disabled = true;
      $('battle-run').disabled = false;
      $('battle-live').hidden = true;
      delete progress.dataset.phase;
      delete progress.dataset.states;
    };
    $('battle-run').addEventListener('click', async () => {
      say(message, '');
      $('battle-result').replaceChildren();
      $('battle-live-bounds').replaceChildren();
      history.replaceState(null, '', battleLink());
      const started = performance.now();
      let report = null;
      // One search at a time: Stop ends it, or it ends.
      $('battle-run').disabled = true;
      $('battle-stop').disabled = false;
      timer = setInterval(() => showSearch(started, report), 200);
      try {
        const rules = $('battle-rules').value;
        const args = ['battle', 'board.txt', '--exact', '--rules', rules];
        if (rules === 'game') args.push('--time', $('battle-time').value);
        const reply = await solver.call(args, { 'board.txt': $('battle-input').value }, (latest) => {
          report = latest;
          if (timer !== null) showSearch(started, report);
        });
        stopTimer();
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        progress.textContent = reply.stdout.trim().endsWith('bounds') ? `Bounds, in ${seconds} s.` : `Exact, in ${seconds} s.`;
        if (reply.status !== 0) { say(message, failure(reply)); return; }
        renderBattle($('battle-result'), parseBattle(reply.stdout));
      } catch (error) {
        stopTimer();
        progress.textContent = '';
        say(message, error.message);
      }
    });
    $('battle-stop').addEventListener('click', () => { stopTimer(); solver.stop('battle'); });
    $('battle-share').addEventListener('click', async () => {
      const link = battleLink();
      history.replaceState(null, '', link);
      try {
        await navigator.clipboard.writeText(link);
        say(message, 'Link copied.', false);
      } catch {
        say(message, `Link: ${link}`, false);
      }
    });
  }

  // ---- Problems -----------------------------------------------------------------------------

  function setupJudge(solver) {
    $('judge-run').addEventListener('click', async () => {
      say($('judge-message'), '');
      $('judge-output').textContent = '';
      const args = [$('judge-problem').value, 'input.txt'];
      if ($('judge-exact').checked) args.push('--exact');
      const reply = await solver.call(args, { 'input.txt': $('judge-input').value });
      if (reply.status !== 0) say($('judge-message'), failure(reply));
      else $('judge-output').textContent = reply.stdout;
    });
  }

  // ---- Tabs and start -----------------------------------------------------------------------

  function showTab(name) {
    for (const tab of document.querySelectorAll('[role=tab]')) {
      const selected = tab.id === `tab-${name}`;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      $(tab.getAttribute('aria-controls')).hidden = !selected;
    }
  }

  function setupTabs() {
    const tabs = [...document.querySelectorAll('[role=tab]')];
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => showTab(tab.id.slice(4)));
      tab.addEventListener('keydown', (e) => {
        const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        const next = tabs[(i + step + tabs.length) % tabs.length];
        next.focus();
        showTab(next.id.slice(4));
      });
    });
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.has('battle')) {
      $('battle-input').value = params.get('battle');
      if (params.get('rules')) $('battle-rules').value = params.get('rules');
      showTab('battle');
    } else {
      showTab('event');
    }
  }

  async function start() {
    setupTabs();
    if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
      navigator.serviceWorker.register('sw.js').catch(() => {});
    }
    const referee = new Referee();
    window.referee = referee; // for the console, and the browser tests
    // The module of the view shown first, then the others in the background.
    const first = $('tab-battle').getAttribute('aria-selected') === 'true' ? 'battle' : 'event';
    const loaded = referee.load(first);
    setupResults(referee);
    setupBattle(referee);
    setupJudge(referee);
    await setupEvent(referee);
    await loaded;
    $('loading').textContent = '';
    $('loading').hidden = true;
    document.body.dataset.ready = 'true';
    // A module that cannot start says so when one of its commands runs.
    for (const name of ['event', 'results', 'battle', 'contest']) await referee.load(name).catch(() => {});
  }

  start().catch((error) => {
    $('loading').textContent = `The solver could not start: ${error.message}`;
  });
})();
