// drag.mjs — what tour.mjs and explore.mjs share: drag a live
// exploration's slider with the mouse, as a reader would.

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
