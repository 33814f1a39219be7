"""The start of the app at phone and tablet size: the app's splash covers Flet's boot page
("Working...", in English whatever the language) until the first screen is drawn, and the
first screen's pictures are there when it goes, not a moment later.

A script in the page looks at the canvas every 100 ms, shrunk to 12 × 24 points (as the
splash itself does): the first time it is no longer one plain colour (the boot page is),
when the splash goes, and every change after that.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.alone]

WATCH = r"""
window.__start = {changes: []};
(function () {
  const m = window.__start;
  const at = () => Math.round(performance.now());
  function canvasOf(root) {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'CANVAS' && el.width) return el;
      if (el.shadowRoot) { const c = canvasOf(el.shadowRoot); if (c) return c; }
    }
    return null;
  }
  const probe = document.createElement('canvas'); probe.width = 12; probe.height = 24;
  const differ = (a, b, i, j) =>
    Math.abs(a[i] - b[j]) + Math.abs(a[i + 1] - b[j + 1]) + Math.abs(a[i + 2] - b[j + 2]) > 30;
  let last = null;
  setInterval(() => {
    const splash = document.getElementById('hofstaat-splash');
    if (splash) m.seen = true;
    if (m.seen && m.gone === undefined && (!splash || splash.classList.contains('gone'))) m.gone = at();
    const c = canvasOf(document);
    if (!c) return;
    const g = probe.getContext('2d', {willReadFrequently: true});
    g.clearRect(0, 0, 12, 24);
    g.drawImage(c, 0, 0, 12, 24);
    const d = g.getImageData(0, 0, 12, 24).data;
    let odd = 0;
    for (let i = 0; i < d.length; i += 4) if (differ(d, d, i, 0)) odd++;
    if (m.painted === undefined && odd >= d.length / 4 * 0.1) m.painted = at();
    if (last && m.painted !== undefined) {
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (differ(d, last, i, i)) n++;
      if (n > 2) m.changes.push([at(), n]);
    }
    last = d;
  }, 100);
})();
"""
POINTS = 12 * 24


def test_the_splash_stays_until_the_first_screen_and_its_pictures_are_drawn(app):
    page = app.page
    page.add_init_script(WATCH)
    page.goto(app.url + "/")
    expect(page.locator("#hofstaat-splash")).to_have_count(0, timeout=40_000)
    page.wait_for_timeout(2500)
    m = page.evaluate("window.__start")
    assert "painted" in m and "gone" in m, m
    # Flet's boot page never shows: the app's screen was on the canvas before the splash went.
    assert m["painted"] <= m["gone"], m
    # Nothing large changes afterwards: the games' illustrations (a quarter of a phone's
    # screen) did not pop in after the splash.
    late = [(t, n) for t, n in m["changes"] if t > m["gone"] and n > POINTS * 0.15]
    assert late == [], m
