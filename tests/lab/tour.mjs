// tour.mjs — drives JupyterLab in Chromium through notebooks/00-tour.ipynb
// (started by run.sh): run all cells, move the exploration's γ slider,
// check the chart is redrawn for the new value, press Done, then check
// every cell ran without an error output. If the exploration cell ends
// with its frames because GoNB's front-end connection failed (its console
// error), it is re-run (at most twice), logged (drag.mjs's waitLive);
// browser console errors are logged as they come.
import { chromium } from 'playwright-core';
import { dragToEnd, waitLive, watchConsole } from './drag.mjs';

const url = process.env.LAB_URL, token = process.env.LAB_TOKEN;
const fail = (msg) => { console.error('test-lab: FAIL: ' + msg); process.exitCode = 1; };
const log = (msg) => console.log('test-lab: ' + msg);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(60_000);
  const consoleSeen = watchConsole(page, log);
  await page.goto(`${url}/lab/tree/00-tour.ipynb?token=${token}`);
  let shot = async () => {};
  shot = async (name) => { if (process.env.LAB_SHOTS) { await page.screenshot({ path: `${process.env.LAB_SHOTS}/lab-${name}.png` }); } };
  // The notebook opens with the kernelab (gonb) kernel, idle.
  await page.locator('.jp-Notebook .jp-Cell').first().waitFor();
  // The server's kernel list says when GoNB is up and idle.
  for (let i = 0; ; i++) {
    const ks = await (await fetch(`${url}/api/kernels?token=${token}`)).json();
    if (ks.length > 0 && ks.every((k) => k.execution_state === 'idle')) { log(`kernel ${ks[0].name} idle`); break; }
    if (i > 240) { throw new Error('no idle kernel after 120 s: ' + JSON.stringify(ks)); }
    await page.waitForTimeout(500);
  }
  await shot('open');
  const t0 = Date.now();
  // Run ▸ Run All Cells.
  await page.locator('.jp-Notebook .jp-Cell').first().click();
  await page.locator('.lm-MenuBar-itemLabel', { hasText: /^Run$/ }).click();
  await page.locator('.lm-Menu-itemLabel', { hasText: /^Run All Cells$/ }).click();
  await page.waitForTimeout(3000);
  await shot('run-all');
  if (!(await page.locator('.jp-InputPrompt', { hasText: '[*]' }).count())) { throw new Error('Run All Cells ran nothing'); }
  log('running all cells');

  // The exploration's live controls: GoNB sliders, the chart below them.
  const model = await (await fetch(`${url}/api/contents/00-tour.ipynb?content=1&token=${token}`)).json();
  const exCell = model.content.cells.findIndex((c) => c.cell_type === 'code' &&
    /\bnb\.Explore\(/.test(Array.isArray(c.source) ? c.source.join('') : c.source));
  if (exCell < 0) { throw new Error('no cell calls nb.Explore'); }
  const lost = await waitLive(page, page.locator('.jp-Notebook .jp-Cell').nth(exCell), { seen: consoleSeen, started: t0, log, timeout: 600_000 });
  const slider = page.locator('input[type="range"][id^="gonb_slider_"]').first();
  await slider.waitFor({ timeout: 60_000 });
  const live = page.locator('div.kl-live').first();
  await live.waitFor({ timeout: 60_000 });
  log(`live exploration after ${((Date.now() - t0) / 1000).toFixed(1)} s` + (lost ? ` (${(lost / 1000).toFixed(1)} s of it lost to GoNB's failed connection before the last re-run)` : ''));
  const before = await live.getAttribute('data-values');
  const svgBefore = await live.locator('svg').first().innerHTML();

  // Drag the γ slider to its far end with the mouse, as a reader would.
  await live.scrollIntoViewIfNeeded();
  const { value, to, max, moved } = await dragToEnd(page, slider, 8);
  await page.waitForFunction(
    (b) => { const el = document.querySelector('div.kl-live'); return el && el.getAttribute('data-values') !== b; },
    before, { timeout: 30_000 });
  const first = Date.now() - moved;
  // The drag passes through intermediate values, each redrawn as it
  // comes (debounced), and on a loaded machine a redraw can take longer
  // than any quiet spell we could wait for: wait until the chart shows
  // the slider's end and has settled there (2 s unchanged), or, after
  // 60 s, until it has settled anywhere; then read the values shown and
  // the chart's title together. A chart that stops short still fails
  // below, only later.
  const want = to === max ? 'γ = 10 ' : 'γ = 0.01 ';
  let seen = null, since = Date.now();
  for (;;) {
    const now = await page.evaluate(() => {
      const el = document.querySelector('div.kl-live');
      return el ? [el.getAttribute('data-values'), [...el.querySelectorAll('svg text')].map((x) => x.textContent).join(' | '), el.querySelector('svg').innerHTML] : null;
    });
    if (!seen || now[0] !== seen[0]) { seen = now; since = Date.now(); }
    const settled = Date.now() - since > 2000;
    if (settled && (seen[0].startsWith(want) || Date.now() - moved > 60_000)) { break; }
    if (Date.now() - moved > 120_000) { throw new Error('the chart did not settle'); }
    await page.waitForTimeout(200);
  }
  const [after, texts, svgAfter] = seen;
  log(`slider ${value} → ${to}: "${before}" → "${after}", first redraw ${first} ms after the drag`);
  if (!after.startsWith(want)) { fail(`the values shown did not follow the slider to its end: "${before}" → "${after}"`); }
  if (svgAfter === svgBefore) { fail('the chart was not redrawn'); }
  if (!texts.includes(want.trim())) { fail(`the chart's title does not name ${want.trim()}: ${texts.slice(0, 200)}`); }
  await shot('moved');

  // Done: the live controls go, the frames stay, the later cells run.
  await page.locator('button', { hasText: /^Done$/ }).first().click();
  await page.locator('div.kl-explore').first().waitFor({ timeout: 300_000 });
  await page.waitForFunction(() => {
    const ps = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    return ps.length > 0 && ps.every((p) => /\[\d+\]/.test(p.textContent));
  }, null, { timeout: 600_000 });
  log(`all cells ran in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const errors = await page.evaluate(() => {
    const out = [];
    for (const o of document.querySelectorAll('.jp-OutputArea-output')) {
      const mime = o.getAttribute('data-mime-type') || '';
      const t = o.textContent || '';
      if (mime.includes('error') || /CHECK FAILED|panic: |unexpected error:|compilation failed/i.test(t)) { out.push(t.slice(0, 200)); }
    }
    return out;
  });
  for (const e of errors) { fail('an output holds an error: ' + e); }
  // The offline frames work in the lab too.
  const ex = page.locator('div.kl-explore').first();
  const shown = () => ex.locator('div.kl-frame:not([hidden])').getAttribute('data-frame');
  const f0 = await shown();
  await ex.locator('input.kl-explore-input').first().fill('0');
  const f1 = await shown();
  if (f0 === f1) { fail(`the frames' slider did not switch the frame (${f0})`); }
  if (!process.exitCode) { log('ok'); }
} catch (e) {
  fail(e.stack || String(e));
  if (process.env.LAB_SHOTS) { for (const p of browser.contexts().flatMap((c) => c.pages())) { await p.screenshot({ path: `${process.env.LAB_SHOTS}/lab-fail.png` }).catch(() => {}); } }
} finally {
  await browser.close();
}
