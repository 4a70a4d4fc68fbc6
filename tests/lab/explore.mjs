// explore.mjs — how long a new user waits for a working slider in each
// notebook (started by run.sh, one browser for all of them). For each
// notebook of NOTEBOOKS: open it in JupyterLab (a fresh workspace), wait
// for the kernel, run the setup cell, the declaration cells the exploration
// uses (cells without %%: only the tour has them) and the exploration cell
// (the one calling nb.Explore), wait for its slider, drag the slider to its
// other end and wait for the chart to be redrawn for the new value (and,
// where the exploration has a select, pick its next option and wait for
// the redraw again). In a
// notebook whose exploration needs only the setup cell (every paper
// notebook), the time from the notebook shown in JupyterLab to the redraw
// must stay under LAB_EXPLORE_LIMIT seconds (0: no limit); JupyterLab's
// page load, which a user opening a notebook in a running lab does not
// wait for, is measured apart. The kernel is shut down (and gone from the
// server's list) before the next notebook opens.
// Waits beyond the plain ones (drag.mjs), each logged: a cell that shows no
// sign of running 15 s after Ctrl+Enter gets Ctrl+Enter once more; an
// exploration cell that ends with its frames because GoNB's front-end
// connection failed (its console error) is re-run, at most twice, and the
// time lost to the failed runs is logged and not counted against the limit.
// Browser console errors are logged as they come.
// run.sh starts this JupyterLab without KERNELAB_EXPLORE, so nb must find
// the browser through the session's JPY_SESSION_NAME: each exploration's
// handshake script (read in the kernel's websocket frames) must poll for
// the 30 s of an expected browser, not the 5 s of nbconvert.
import { chromium } from 'playwright-core';
import { dragToEnd, errorsIn, execute, waitLive, watchConsole } from './drag.mjs';

const url = process.env.LAB_URL, token = process.env.LAB_TOKEN;
const notebooks = (process.env.NOTEBOOKS || '').split(/\s+/).filter(Boolean);
const limit = Number(process.env.LAB_EXPLORE_LIMIT ?? 30);
const fail = (msg) => { console.error('test-lab explore: FAIL: ' + msg); process.exitCode = 1; };
const log = (msg) => console.log('test-lab explore: ' + msg);
const api = async (path, method = 'GET') => {
  const r = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}token=${token}`, { method });
  if (!r.ok) { throw new Error(`${method} ${path}: HTTP ${r.status}`); }
  return r.status === 204 ? null : r.json();
};
const secs = (ms) => (ms / 1000).toFixed(1);

// browserPolls: the 100 ms polls of nb's handshake script (frontEnd) where
// a browser is expected (liveHandshakeTimeout, 30 s); 50 (5 s) elsewhere.
const browserPolls = 300;

// watchHandshakes records, from the page's websocket frames, each
// handshake script nb sends ("/kl/hello/ID", "t++ < N"), once per ID (the
// kernel's messages come on JupyterLab's websocket and GoNB's):
// { t, polls }.
function watchHandshakes(page) {
  const hellos = [], ids = new Set();
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    const id = text.match(/\/kl\/hello\/(\w+)/)?.[1];
    if (!id || ids.has(id)) { return; }
    ids.add(id);
    const m = text.match(/t\+\+ (?:<|\\u003c|&lt;) ?(\d+)/);
    hellos.push({ t: Date.now(), polls: m ? Number(m[1]) : NaN });
  }));
  return hellos;
}

// cellsToRun returns the indices of the setup cell (the first code cell),
// the declaration cells before the exploration and the exploration cell.
function cellsToRun(cells) {
  const src = (c) => (Array.isArray(c.source) ? c.source.join('') : c.source);
  const ex = cells.findIndex((c) => c.cell_type === 'code' && /\bnb\.Explore\(/.test(src(c)));
  if (ex < 0) { throw new Error('no cell calls nb.Explore'); }
  const out = [];
  for (let i = 0; i < ex; i++) {
    const c = cells[i];
    if (c.cell_type !== 'code') { continue; }
    if (out.length === 0 || !/^\s*%%/.test(src(c))) { out.push(i); }
  }
  out.push(ex);
  return out;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(60_000);
  let current = '';
  const seen = watchConsole(page, (msg) => log(`${current}: ${msg}`));
  const hellos = watchHandshakes(page);
  for (const name of notebooks) {
    current = name;
    const model = await api(`/api/contents/${encodeURIComponent(name)}?content=1`);
    const run = cellsToRun(model.content.cells);
    const t0 = Date.now();
    await page.goto(`${url}/lab/tree/${encodeURIComponent(name)}?reset&token=${token}`);
    const cells = page.locator('.jp-Notebook .jp-Cell');
    await cells.first().waitFor();
    const tShown = Date.now();
    for (let i = 0; ; i++) {
      const ss = (await api('/api/sessions')).filter((s) => s.path === name);
      if (ss.length === 1 && ss[0].kernel.execution_state === 'idle') { break; }
      if (i > 600) { throw new Error(`${name}: no idle kernel after 60 s: ${JSON.stringify(ss)}`); }
      await page.waitForTimeout(100);
    }
    const tKernel = Date.now();
    const kernel = (await api('/api/sessions')).find((s) => s.path === name).kernel.id;
    log(`${name}: kernel ${kernel} idle ${secs(tKernel - tShown)} s after the notebook was shown`);
    let tSetup = 0;
    for (const i of run.slice(0, -1)) {
      const cell = cells.nth(i);
      await execute(page, cell, (msg) => log(`${name}: ${msg}`), `cell ${i}`);
      await page.waitForFunction((el) => /\[\d+\]/.test(el.querySelector('.jp-InputPrompt').textContent),
        await cell.elementHandle(), { timeout: 300_000, polling: 50 });
      for (const e of await errorsIn(cell)) { throw new Error(`${name}: cell ${i} failed: ${e}`); }
      tSetup = Date.now();
    }
    const cell = cells.nth(run.at(-1));
    const tSent = Date.now();
    await execute(page, cell, (msg) => log(`${name}: ${msg}`), 'the exploration cell');
    const slider = cell.locator('input[type="range"][id^="gonb_slider_"]').first();
    const live = cell.locator('div.kl-live').first();
    let lost = 0;
    try {
      lost = await waitLive(page, cell, { seen, started: tSent, log: (msg) => log(`${name}: ${msg}`), timeout: 300_000 });
      await slider.waitFor({ timeout: 60_000 });
    } catch (e) {
      throw new Error(`${name}: no live exploration: ${(await errorsIn(cell)).join(' | ') || e.message}`);
    }
    const tSlider = Date.now();
    const polls = hellos.filter((h) => h.t >= tSent).map((h) => h.polls);
    if (polls.length === 0 || polls.some((n) => n !== browserPolls)) {
      fail(`${name}: the exploration's handshake polled ${polls.join(', ') || 'never (no script seen)'} times, want ${browserPolls}: ` +
        'nb did not take the JupyterLab session (JPY_SESSION_NAME) for a browser');
    } else {
      log(`${name}: browser expected (handshake polls ${polls.join(', ')})`);
    }
    const before = await live.getAttribute('data-values');
    const svgBefore = await live.locator('svg').first().innerHTML();
    const { moved: tMoved } = await dragToEnd(page, slider, 4).catch((e) => { throw new Error(`${name}: ${e.message}`); });
    // Redrawn for the new value: the first control's value in the caption
    // differs from before and the chart's SVG changed.
    const first = (v) => v.split(' · ')[0];
    await page.waitForFunction(([el, b]) => {
      const d = el.querySelector('div.kl-live');
      return d && d.getAttribute('data-values').split(' · ')[0] !== b;
    }, [await cell.elementHandle(), first(before)], { timeout: 30_000, polling: 20 });
    const tRedraw = Date.now();
    const after = await cell.locator('div.kl-live').first().getAttribute('data-values');
    const svgAfter = await cell.locator('div.kl-live svg').first().innerHTML();
    const ms = await cell.locator('div.kl-live .kl-live-values').first().textContent();
    if (svgAfter === svgBefore) { fail(`${name}: the chart was not redrawn ("${before}" → "${after}")`); }
    // A select (nb.Choice), where the exploration has one: pick its next
    // option; the caption must change and the chart be redrawn.
    const select = cell.locator('.kl-live-controls select').first();
    if (await select.count() > 0) {
      const k = await select.evaluate((el) => (el.selectedIndex + 1) % el.options.length);
      await select.selectOption({ index: k });
      await page.waitForFunction(([el, b]) => {
        const d = el.querySelector('div.kl-live');
        return d && d.getAttribute('data-values') !== b;
      }, [await cell.elementHandle(), after], { timeout: 30_000, polling: 20 });
      const picked = await cell.locator('div.kl-live').first().getAttribute('data-values');
      if (await cell.locator('div.kl-live svg').first().innerHTML() === svgAfter) { fail(`${name}: the select did not redraw the chart ("${after}" → "${picked}")`); }
      log(`${name}: select → option ${k}: "${picked}"`);
    }
    for (const e of await errorsIn(cell)) { fail(`${name}: the exploration cell holds an error: ${e}`); }
    const total = tRedraw - t0 - lost;
    rows.push({ name, total: tRedraw - tShown - lost, kernel: tKernel - t0, setup: tSetup - tKernel, slider: tSlider - (tSetup || tKernel) - lost, redraw: tRedraw - tMoved });
    // Re-runs after GoNB's failed connection (waitLive) do not count: the
    // times below leave out the lost runs, which are logged apart.
    log(`${name}: slider moved and chart redrawn ${secs(tRedraw - tShown - lost)} s after the notebook was shown, ${secs(total)} s after loading JupyterLab (page ${secs(tShown - t0)} s, kernel ${secs(tKernel - tShown)} s, ` +
      `setup ${secs(tSetup - tKernel)} s, exploration cell to slider ${secs(tSlider - (tSetup || tKernel) - lost)} s, drag to redraw ` +
      `${secs(tRedraw - tMoved)} s; "${first(before)}" → "${first(after)}", ${ms.match(/\((\d+) ms\)/)?.[1] ?? '?'} ms a draw)` +
      (lost ? `; not counted: ${secs(lost)} s lost to GoNB's failed connection before the last re-run (RETRY above)` : ''));
    const shown = tRedraw - tShown - lost;
    if (limit > 0 && run.length === 2 && shown > limit * 1000) { fail(`${name}: ${secs(shown)} s from the notebook shown to a redrawn chart, over ${limit} s`); }
    for (const s of (await api('/api/sessions')).filter((s) => s.path === name)) { await api(`/api/sessions/${s.id}`, 'DELETE'); }
    for (let i = 0; (await api('/api/kernels')).some((k) => k.id === kernel); i++) {
      if (i === 0) { log(`${name}: waiting for kernel ${kernel} to go`); }
      if (i > 300) { throw new Error(`${name}: kernel ${kernel} still listed 30 s after its session was deleted`); }
      await page.waitForTimeout(100);
    }
  }
  if (rows.length !== notebooks.length) { fail(`measured ${rows.length} of ${notebooks.length} notebooks`); }
  const worst = rows.reduce((a, b) => (b.total > a.total ? b : a), rows[0]);
  if (worst) { log(`slowest from the notebook shown: ${worst.name} ${secs(worst.total)} s (limit ${limit > 0 ? limit + ' s, paper notebooks' : 'none'})`); }
  if (!process.exitCode) { log('ok'); }
} catch (e) {
  fail(e.stack || String(e));
  if (process.env.LAB_SHOTS) { for (const p of browser.contexts().flatMap((c) => c.pages())) { await p.screenshot({ path: `${process.env.LAB_SHOTS}/explore-fail.png` }).catch(() => {}); } }
} finally {
  await browser.close();
}
