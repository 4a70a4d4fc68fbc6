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
// wait for, is measured apart. The kernel is shut down before the next
// notebook opens.
import { chromium } from 'playwright-core';
import { dragToEnd } from './drag.mjs';

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

// errorsIn returns the error outputs of a cell.
const errorsIn = (cell) => cell.evaluate((el) => [...el.querySelectorAll('.jp-OutputArea-output')]
  .filter((o) => (o.getAttribute('data-mime-type') || '').includes('error') ||
    /CHECK FAILED|panic: |unexpected error:|compilation failed/i.test(o.textContent || ''))
  .map((o) => (o.textContent || '').slice(0, 300)));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(60_000);
  const T0 = Date.now(); const dbg = (m) => console.log(`DBG +${secs(Date.now() - T0)} ${m}`);
  page.on('console', (m) => dbg(`console.${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => dbg(`pageerror: ${e.message.slice(0, 300)}`));
  page.on('websocket', (ws) => { dbg(`ws open ${ws.url().replace(/token=[^&]*/, '')}`); ws.on('close', () => dbg(`ws close ${ws.url().replace(/token=[^&]*/, '').slice(0, 120)}`)); });
  const probe = async (cell, what) => {
    try {
      const ss = await api('/api/sessions');
      const ks = await api('/api/kernels');
      const st = await page.evaluate((el) => {
        const p = el.querySelector('.jp-InputPrompt')?.textContent;
        const outs = [...el.querySelectorAll('.jp-OutputArea-output')].map((o) => (o.getAttribute('data-mime-type') || '?') + ':' + (o.textContent || '').slice(0, 80).replace(/\s+/g, ' ') + (o.querySelector('.kl-explore') ? '[kl-explore]' : '') + (o.querySelector('.kl-live') ? '[kl-live]' : '') + (o.querySelector('input[type=range]') ? '[range]' : ''));
        const sb = [...document.querySelectorAll('.jp-StatusBar-TextItem, .jp-StatusBar-Item')].map((x) => x.textContent.trim()).filter(Boolean).join(' | ');
        const kstat = document.querySelector('.jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus')?.getAttribute('title') || '';
        return { p, outs, sb, kstat, gonb: !!globalThis.gonb_comm, gonbOpen: globalThis.gonb_comm?.websocket_is_opened, gonbId: globalThis.gonb_comm?._comm_id };
      }, await cell.elementHandle());
      dbg(`${what}: sessions=${JSON.stringify(ss.map((s) => [s.path, s.kernel.id.slice(0, 8), s.kernel.execution_state, s.kernel.connections]))} kernels=${JSON.stringify(ks.map((k) => [k.id.slice(0, 8), k.execution_state, k.connections]))} ${JSON.stringify(st)}`);
    } catch (e) { dbg(`${what}: probe failed ${e.message}`); }
  };
  for (const name of notebooks) {
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
    await probe(cells.first(), `${name} kernel idle`);
    let tSetup = 0;
    for (const i of run.slice(0, -1)) {
      const cell = cells.nth(i);
      await cell.scrollIntoViewIfNeeded();
      await cell.locator('.jp-InputPrompt').click();
      await page.keyboard.press('Control+Enter');
      await probe(cell, `${name} setup sent`);
      await page.waitForFunction((el) => /\[\d+\]/.test(el.querySelector('.jp-InputPrompt').textContent),
        await cell.elementHandle(), { timeout: 300_000, polling: 50 });
      for (const e of await errorsIn(cell)) { throw new Error(`${name}: cell ${i} failed: ${e}`); }
      tSetup = Date.now();
    }
    const cell = cells.nth(run.at(-1));
    await cell.scrollIntoViewIfNeeded();
    await cell.locator('.jp-InputPrompt').click();
    await page.keyboard.press('Control+Enter');
    const slider = cell.locator('input[type="range"][id^="gonb_slider_"]').first();
    const live = cell.locator('div.kl-live').first();
    await probe(cell, `${name} explore sent`);
    let probing = true;
    (async () => { for (let k = 0; probing; k++) { await new Promise((r) => setTimeout(r, k < 10 ? 1000 : 5000)); if (probing) { await probe(cell, `${name} waiting live`); } } })().catch(() => {});
    try {
      await live.waitFor({ timeout: 300_000 }).finally(() => { probing = false; });
      await slider.waitFor({ timeout: 60_000 });
    } catch (e) {
      throw new Error(`${name}: no live exploration: ${(await errorsIn(cell)).join(' | ') || e.message}`);
    }
    const tSlider = Date.now();
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
    const total = tRedraw - t0;
    rows.push({ name, total: tRedraw - tShown, kernel: tKernel - t0, setup: tSetup - tKernel, slider: tSlider - (tSetup || tKernel), redraw: tRedraw - tMoved });
    log(`${name}: slider moved and chart redrawn ${secs(tRedraw - tShown)} s after the notebook was shown, ${secs(total)} s after loading JupyterLab (page ${secs(tShown - t0)} s, kernel ${secs(tKernel - tShown)} s, ` +
      `setup ${secs(tSetup - tKernel)} s, exploration cell to slider ${secs(tSlider - tSetup)} s, drag to redraw ` +
      `${secs(tRedraw - tMoved)} s; "${first(before)}" → "${first(after)}", ${ms.match(/\((\d+) ms\)/)?.[1] ?? '?'} ms a draw)`);
    const shown = tRedraw - tShown;
    if (limit > 0 && run.length === 2 && shown > limit * 1000) { fail(`${name}: ${secs(shown)} s from the notebook shown to a redrawn chart, over ${limit} s`); }
    for (const s of (await api('/api/sessions')).filter((s) => s.path === name)) { await api(`/api/sessions/${s.id}`, 'DELETE'); }
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
