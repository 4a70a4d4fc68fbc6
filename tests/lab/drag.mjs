// drag.mjs — what tour.mjs and explore.mjs share: drag a live
// exploration's slider with the mouse, as a reader would; log the page's
// console errors; run a cell (pressing Ctrl+Enter again, once, when
// JupyterLab shows no sign of running it); wait for an exploration cell's
// live chart, re-running the cell (at most twice) when GoNB's front-end
// connection failed (see waitLive). Every wait beyond the plain one is
// logged.

// dragToEnd drags slider (an <input type="range">) from its value to its
// far end (to 0 when it starts at max), checks that it arrived, and returns
// { value, to, max, moved } (moved: the time the mouse was released).
export async function dragToEnd(page, slider, steps) {
  const max = Number(await slider.getAttribute('max'));
  const value = Number(await slider.inputValue());
  const to = value === max ? 0 : max;
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2 + (box.width - 4) * (value / max), y);
  await page.mouse.down();
  await page.mouse.move(to === max ? box.x + box.width - 2 : box.x + 2, y, { steps });
  await page.mouse.up();
  const moved = Date.now();
  const at = Number(await slider.inputValue());
  if (at !== to) { throw new Error(`the drag left the slider at ${at}, not ${to}`); }
  return { value, to, max, moved };
}

// errorsIn returns the error outputs of a cell.
export const errorsIn = (cell) => cell.evaluate((el) => [...el.querySelectorAll('.jp-OutputArea-output')]
  .filter((o) => (o.getAttribute('data-mime-type') || '').includes('error') ||
    /CHECK FAILED|panic: |unexpected error:|compilation failed/i.test(o.textContent || ''))
  .map((o) => (o.textContent || '').slice(0, 300)));

// watchConsole logs (with log) the page's console errors and uncaught
// errors as they come, and returns the list of those seen, each
// { t: Date.now() when seen, text }.
export function watchConsole(page, log) {
  const seen = [];
  const note = (text) => { seen.push({ t: Date.now(), text }); log(`browser console: ${text.slice(0, 300)}`); };
  page.on('console', (m) => { if (m.type() === 'error') { note(m.text()); } });
  page.on('pageerror', (e) => note(`uncaught ${e.message}`));
  return seen;
}

const promptOf = (el) => el.querySelector('.jp-InputPrompt').textContent.trim();

// execute runs cell (click its prompt, Ctrl+Enter) and waits until
// JupyterLab shows that it started: its prompt turns [*] or changes. If it
// does not within 15 s, it says so with log and presses Ctrl+Enter once
// more; a second time, it throws.
export async function execute(page, cell, log, what) {
  const el = await cell.elementHandle();
  const before = await el.evaluate(promptOf);
  for (let attempt = 1; ; attempt++) {
    await cell.scrollIntoViewIfNeeded();
    await cell.locator('.jp-InputPrompt').click();
    await page.keyboard.press('Control+Enter');
    const started = await page.waitForFunction(([el, b]) => {
      const p = el.querySelector('.jp-InputPrompt').textContent.trim();
      return p.includes('[*]') || p !== b;
    }, [el, before], { timeout: 15_000, polling: 50 }).then(() => true, () => false);
    if (started) { return; }
    if (attempt === 2) { throw new Error(`${what} did not start: its prompt stayed "${before}" 15 s after Ctrl+Enter, twice`); }
    log(`${what}: its prompt stayed "${before}" 15 s after Ctrl+Enter: pressing Ctrl+Enter again (once)`);
  }
}

// liveOrEnded waits up to timeout ms until cell shows a live exploration
// (div.kl-live) or its execution ends (a numbered prompt) without one;
// true for live.
async function liveOrEnded(page, cell, timeout) {
  const el = await cell.elementHandle();
  await page.waitForFunction((el) => !!el.querySelector('div.kl-live') ||
    /\[\d+\]/.test(el.querySelector('.jp-InputPrompt').textContent), el, { timeout, polling: 100 });
  return el.evaluate((el) => !!el.querySelector('div.kl-live'));
}

// GoNB's widgets reach the kernel through gonb_comm, a second websocket
// that GoNB's JavaScript opens when a cell first uses them. That script
// waits only 500 ms for the kernel's comm_open_ack and otherwise closes
// the connection, logging "gonb_comm: failed to connect to kernel" in the
// console. The ack can be lost: GoNB answers a comm_open at once, even
// while it runs the cell, and Jupyter Server does not "nudge" (wait for the
// IOPub subscription of) a new connection to a busy kernel, so the kernel
// can publish the ack before that subscription has reached it, and ZeroMQ
// drops it (seen at a load of 2–7 on two cores, one exploration in 12–25).
// nb.Explore then finds no front end and, after its handshake wait
// (30 s where a browser is expected), shows its frames instead of live
// controls.
const gonbFailed = /gonb_comm: failed to connect to kernel/;

// reruns bounds the re-runs of an exploration cell after GoNB's front-end
// connection failed: at a load of 3–7 one attempt in 12–25 fails, so
// one re-run left a failed CI run in about 1 of 20–80 (8 explorations);
// two leave about 1 in 200–2000.
const reruns = 2;

// waitLive waits up to timeout ms for the live exploration of cell, an
// exploration cell sent to run at started (Date.now()); seen is
// watchConsole's list. If the cell ends without one after GoNB's
// front-end connection failed (seen since it was sent) and with no error
// output, it logs that (RETRY), re-runs the cell and waits again, up to
// reruns times. Any other end without a live exploration, an error
// output, a failure after the last re-run or a timeout throws. It returns
// lost: the ms from started to the last re-run (0 without one).
export async function waitLive(page, cell, { seen, started, log, timeout }) {
  const failures = (since) => seen.filter((e) => e.t >= since && gonbFailed.test(e.text));
  const secs = (ms) => (ms / 1000).toFixed(1);
  for (let sent = started, n = 0; ; n++) {
    if (await liveOrEnded(page, cell, timeout)) {
      if (n > 0) { log(`RETRY: re-run ${n} of the exploration cell is live ${secs(Date.now() - sent)} s after it was sent`); }
      return sent - started;
    }
    const errs = await errorsIn(cell);
    const failed = failures(sent);
    const what = n === 0 ? 'the exploration cell' : `re-run ${n} of the exploration cell`;
    if (failed.length === 0 || errs.length > 0 || n === reruns) {
      const frames = await cell.locator('div.kl-explore').count();
      throw new Error(`${what} ended without a live exploration` +
        (errs.length ? `: ${errs.join(' | ')}` : frames ? ' (it showed its frames: no front end answered)' : '') +
        (failed.length ? ` after GoNB's front-end connection failed ("${failed[0].text}")` + (n > 0 ? `, ${n + 1} times in a row` : '') : ''));
    }
    const now = Date.now();
    log(`RETRY: GoNB's front-end connection failed ("${failed[0].text}"), so ${what} showed its frames ` +
      `(${secs(now - sent)} s lost); re-running it (re-run ${n + 1} of at most ${reruns})`);
    sent = now;
    await execute(page, cell, log, `re-run ${n + 1} of the exploration cell`);
  }
}
