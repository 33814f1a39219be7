// The layout checks test_layout.py runs in the page (see its docstring): tap targets from the
// accessibility tree, and the probe's texts measured in the fonts the app ships.
async ({fonts, minTarget, texts}) => {
  if (!window.__layoutFonts) {
    for (const [name, url] of Object.entries(fonts)) {
      const face = new FontFace("Probe" + name, `url(${url})`);
      await face.load();
      document.fonts.add(face);
    }
    window.__layoutFonts = true;
  }
  const out = [];
  const rect = (r) => [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];

  // --- tap targets --------------------------------------------------------------------------------
  // Every node a finger can act on (Flutter marks it tappable, or its role is a control) must keep a
  // 44 × 44 square free of the targets drawn over it (cards of a hand overlap).
  const INTERACTIVE = new Set(["button", "checkbox", "switch", "radio", "slider", "link", "tab",
                               "menuitem", "option", "combobox"]);
  const nodes = [...document.querySelectorAll("flt-semantics-host [id^=flt-semantic-node-]")];
  const scroller = (el) => {  // the nearest scrolling area around a node, or null
    for (let p = el.parentElement; p && p.tagName !== "FLT-SEMANTICS-HOST"; p = p.parentElement) {
      if (p.style.overflowX === "scroll" || p.style.overflowY === "scroll") return p;
    }
    return null;
  };
  const targets = [];
  nodes.forEach((el, order) => {
    const role = el.getAttribute("role");
    const interactive = el.hasAttribute("flt-tappable") || INTERACTIVE.has(role)
      || !!el.querySelector(":scope > input, :scope > textarea");
    const r = el.getBoundingClientRect();
    if (!interactive || r.width < 0.5 || r.height < 0.5) return;
    let label = el.getAttribute("aria-label") || "";
    for (const ch of el.childNodes) if (ch.nodeType === 3 || ch.tagName === "SPAN") label += ch.textContent;
    targets.push({el, order, r, label: label.trim(), role, id: el.getAttribute("flt-semantics-identifier"),
                  area: scroller(el)});
  });
  const covering = {};  // a target's box and the boxes of the targets drawn over it
  for (const a of targets) {
    const ar = a.r;
    // Flutter cuts the box of a node that the edge of its scrolling area crosses: such a target is
    // partly scrolled out of sight, and measured when it is in sight.
    if (a.area) {
      const s = a.area.getBoundingClientRect();
      const near = (x, y) => Math.abs(x - y) < 1;
      if (near(ar.top, s.top) || near(ar.bottom, s.bottom) || near(ar.left, s.left) || near(ar.right, s.right)) continue;
    }
    // Drawn over it: a later target in the same scrolling area (or outside any), not one inside it.
    const cover = targets.filter((b) => b.order > a.order && !a.el.contains(b.el) && b.area === a.area
      && b.r.left < ar.right - 0.5 && b.r.right > ar.left + 0.5 && b.r.top < ar.bottom - 0.5 && b.r.bottom > ar.top + 0.5);
    let free = [ar.width, ar.height];
    if (cover.length && ar.width >= minTarget - 0.5 && ar.height >= minTarget - 0.5) {
      // The largest square left free, on a 1-px grid over the target.
      const W = Math.round(ar.width), H = Math.round(ar.height);
      const grid = new Uint8Array(W * H);
      for (const b of cover) {
        const x0 = Math.max(0, Math.floor(b.r.left - ar.left)), x1 = Math.min(W, Math.ceil(b.r.right - ar.left));
        const y0 = Math.max(0, Math.floor(b.r.top - ar.top)), y1 = Math.min(H, Math.ceil(b.r.bottom - ar.top));
        for (let y = y0; y < y1; y++) grid.fill(1, y * W + x0, y * W + x1);
      }
      const dp = new Uint16Array(W * H);
      let best = 0;
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        const i = y * W + x;
        if (grid[i]) continue;
        dp[i] = (x && y) ? 1 + Math.min(dp[i - 1], dp[i - W], dp[i - W - 1]) : 1;
        if (dp[i] > best) best = dp[i];
      }
      free = [best, best];
    }
    if (a.id) covering[a.id] = {r: ar, by: cover.map((b) => b.r)};
    if (free[0] < minTarget - 0.5 || free[1] < minTarget - 0.5) {
      out.push({kind: "small target", text: a.label || a.role, where: a.id || "", rect: rect(ar),
                free: free.map(Math.round)});
    }
  }

  // --- texts --------------------------------------------------------------------------------------
  // The probe says what each Text shows, in which font, and the box Flutter gave it. Measured here in
  // the same font files: a text wider than its box on one line, or needing more lines than its box
  // holds, is cut (ellipsis "…", or just clipped).
  const ctx = document.createElement("canvas").getContext("2d");
  const width = (words, family, size, spacing) => {
    ctx.font = `${size}px Probe${family}`;
    return ctx.measureText(words).width + (spacing || 0) * [...words].length;
  };
  for (const t of texts) {
    const spanned = t.spans.length > 0;
    const natural = Math.max(...t.text.split("\n").map((line) => width(line, t.f, t.s, t.ls)))
      + t.spans.reduce((sum, p) => sum + width(p.t, p.f || t.f, p.s || t.s, p.ls), 0);
    const room = t.w - (t.extra || 0);
    // A badge on a card must show whole: no card drawn over it may cover it.
    const on = t.badge && covering[t.badge.owner];
    if (on) {
      const b = t.badge, w = t.w + b.w, h = t.h + b.h;
      const left = on.r.left + b.left, top = b.top !== null ? on.r.top + b.top : on.r.bottom - b.bottom - h;
      const hit = on.by.find((c) => c.left < left + w - 0.5 && c.right > left + 0.5 && c.top < top + h - 0.5
                                    && c.bottom > top + 0.5);
      if (hit) {
        out.push({kind: "covered badge", text: t.text, where: t.where, rect: rect({x: left, y: top, width: w, height: h})});
      }
    }
    // Half a pixel of slack for rounding; a button's padding is known to about a pixel.
    if (natural <= room + (t.kind === "button" ? 1 : 0.5)) continue;
    if (t.kind === "button") {
      out.push({kind: "clipped text", text: t.text, where: t.where, need: Math.round(natural), have: Math.round(room),
                font: `${t.f} ${t.s}`});
      continue;
    }
    const single = t.ml === 1 || t.nw;
    // Lines the box holds: a line is the font's height (1.164 em in DejaVu) or the style's height.
    const lineHeight = t.s * (t.lh || 1.164);
    const lines = single ? 1 : Math.max(1, Math.floor(t.h / lineHeight + (t.lh ? 0.3 : 0.15)));
    // Rich text (spans of several styles) is not wrapped here: at least its width over the box's.
    let needed = spanned ? Math.ceil(natural / Math.max(1, room)) : Infinity;
    if (!single && lines > 1 && !spanned) {
      // Greedy wrapping at spaces and after hyphens, dashes and slashes, as Flutter breaks lines; a
      // word wider than the box is broken inside (Flutter does too, and that counts as cut).
      needed = 0;
      let broken = false;
      for (const para of t.text.split("\n")) {
        let line = "";
        needed += 1;
        for (const piece of para.split(/(?<=[ \-–—\/])/)) {
          if (width(piece.trimEnd(), t.f, t.s, t.ls) > room + 0.5) broken = true;
          const next = line + piece;
          if (line && width(next.trimEnd(), t.f, t.s, t.ls) > room + 0.5) {
            needed += 1;
            line = piece;
          } else line = next;
        }
      }
      if (broken) needed = Infinity;
    }
    const allowed = single ? 1 : Math.min(lines, t.ml || lines);
    if (needed > allowed) {
      const words = t.text + t.spans.map((p) => p.t).join("");
      out.push({kind: needed === Infinity && !single && lines > 1 ? "word broken" : "clipped text", text: words,
                where: t.where, need: Math.round(natural), have: Math.round(room), lines: allowed,
                font: `${t.f} ${t.s}`});
    }
  }
  return out;
}
