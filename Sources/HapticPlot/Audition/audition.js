(function () {
  "use strict";
  var audio = document.getElementById("audition");
  var body = document.body;
  function ready() {
    body.dataset.audioReady = "1";
    if (isFinite(audio.duration)) body.dataset.audioDuration = audio.duration.toFixed(3);
  }
  audio.addEventListener("loadedmetadata", ready);
  audio.addEventListener("durationchange", function () { if (audio.readyState >= 1) ready(); });
  audio.addEventListener("error", function () { body.dataset.audioReady = "error"; });
  if (audio.readyState >= 1) ready();
  var svg = document.querySelector("#timeline svg");
  if (!svg) return;
  var NS = svg.namespaceURI;
  var left = +svg.dataset.plotLeft, width = +svg.dataset.plotWidth;
  var top = +svg.dataset.plotTop, bottom = +svg.dataset.plotBottom;
  var duration = +svg.dataset.duration;
  var detailNode = document.getElementById("timeline-detail");
  var D = detailNode ? JSON.parse(detailNode.textContent) : null;
  var readout = document.getElementById("readout");
  var v0 = 0, v1 = duration;
  var minSpan = Math.min(duration, 0.001);

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function f1(x) { return (Math.round(x * 10) / 10).toString(); }
  function xOf(t) { return left + (t - v0) / (v1 - v0) * width; }
  function tOf(x) { return v0 + (x - left) / width * (v1 - v0); }
  function localX(e) {
    var p = svg.createSVGPoint(); p.x = e.clientX; p.y = e.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  var playhead = el("line", { id: "playhead", y1: top - 4, y2: bottom + 4, stroke: "#cf222e",
    "stroke-width": "1.5", "pointer-events": "none" }, svg);
  var cursor = el("line", { id: "cursor", y1: top, y2: bottom, stroke: "#57606a", "stroke-width": "0.8",
    "stroke-dasharray": "3 3", "pointer-events": "none", visibility: "hidden" }, svg);
  function place() {
    var t = audio.currentTime;
    if (D && !audio.paused && (t > v1 || t < v0) && v1 - v0 < duration) {
      var span = v1 - v0;  // turn the page: the playhead re-enters at a tenth of the view
      setView(t - span * 0.1, t + span * 0.9);
    }
    var x = xOf(Math.min(Math.max(t, 0), duration));
    playhead.setAttribute("x1", x.toFixed(1));
    playhead.setAttribute("x2", x.toFixed(1));
    playhead.setAttribute("visibility", x < left - 0.5 || x > left + width + 0.5 ? "hidden" : "visible");
  }
  function frame() { place(); if (!audio.paused && !audio.ended) requestAnimationFrame(frame); }
  audio.addEventListener("play", function () { requestAnimationFrame(frame); });
  ["seeked", "timeupdate", "pause", "ended"].forEach(function (e) { audio.addEventListener(e, place); });

  var dragged = false;
  svg.addEventListener("click", function (e) {
    if (dragged) { dragged = false; return; }
    var t = tOf(localX(e).x);
    if (t >= 0 && t <= duration) { audio.currentTime = t; place(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.target !== body) return;
    if (e.code === "Space") {
      e.preventDefault(); if (audio.paused) audio.play(); else audio.pause();
      return;
    }
    if (!D) return;
    var span = v1 - v0, mid = focus();
    if (e.key === "+" || e.key === "=") zoom(0.5, mid);
    else if (e.key === "-" || e.key === "_") zoom(2, mid);
    else if (e.key === "ArrowRight") setView(v0 + span * (e.shiftKey ? 1 : 0.2), v1 + span * (e.shiftKey ? 1 : 0.2));
    else if (e.key === "ArrowLeft") setView(v0 - span * (e.shiftKey ? 1 : 0.2), v1 - span * (e.shiftKey ? 1 : 0.2));
    else if (e.key === "0" || e.key === "Home") setView(0, duration);
    else return;
    e.preventDefault();
  });
  place();
  if (!D) return;

  // ---- zoomed drawing ----
  var staticParts = [], zoomLayers = {}, grids = {};
  Object.keys(D.lanes).forEach(function (id) {
    var g = document.getElementById("lane-" + id);
    if (!g) return;
    Array.prototype.forEach.call(g.children, function (c) {
      if (c.getAttribute("clip-path") || (c.getAttribute("class") || "").indexOf("vgrid") >= 0) staticParts.push(c);
    });
    grids[id] = el("g", { "class": "zoom-grid", display: "none" }, g);
    zoomLayers[id] = el("g", { "class": "zoom-marks", "clip-path": "url(#clip-" + id + ")", display: "none" }, g);
  });
  var staticAxis = document.getElementById("time-axis");
  if (staticAxis) staticParts.push(staticAxis);
  var zoomAxis = el("g", { id: "zoom-axis", display: "none" }, svg);
  svg.appendChild(playhead); svg.appendChild(cursor);
  var pointerT = null;
  function focus() {
    if (!audio.paused) return audio.currentTime;
    return pointerT !== null ? pointerT : (v0 + v1) / 2;
  }

  var decoded = {};
  function levels(name) { return (D.signals[name] || []); }
  function bytes(name, i) {
    var key = name + i;
    if (!decoded[key]) {
      var s = atob(levels(name)[i].data), b = new Uint8Array(s.length);
      for (var k = 0; k < s.length; k++) b[k] = s.charCodeAt(k);
      decoded[key] = b;
    }
    return decoded[key];
  }
  // The coarsest level with at least one entry per pixel column over `span` seconds.
  function pickLevel(name, span) {
    var L = levels(name);
    for (var i = L.length - 1; i > 0; i--) if (L[i].rate * span / width >= 1) return i;
    return 0;
  }
  // A byte of the zoom data back to −1…1: the bytes are 127 ± 127·√|v| (TimelineDetail).
  function dq(b) { var x = (b - 127) / 127; return x < 0 ? -x * x : x * x; }
  // min/max (−1…1) of signal `name` over [t0, t1) at level `li`, or null past its end.
  function range(name, li, t0, t1) {
    var L = levels(name)[li], b = bytes(name, li), stride = L.pairs ? 2 : 1;
    var n = b.length / stride;
    var i0 = Math.max(0, Math.floor(t0 * L.rate)), i1 = Math.max(i0 + 1, Math.floor(t1 * L.rate));
    if (i0 >= n) return null;
    i1 = Math.min(i1, n);
    var lo = 255, hi = 0;
    for (var i = i0; i < i1; i++) {
      var a = b[i * stride], z = b[i * stride + stride - 1];
      if (a < lo) lo = a;
      if (z > hi) hi = z;
    }
    return [dq(lo), dq(hi)];
  }
  function uy(v, lane) { var c = Math.min(1, Math.max(0, v)); return lane[0] + lane[1] - 5 - c * (lane[1] - 14); }
  function by(v, t, h) { var c = Math.min(1, Math.max(-1, v)); return t + h / 2 - c * (h / 2 - 5); }
  var columns = Math.max(1, Math.round(width));
  function column(t) { return Math.min(columns - 1, Math.max(0, Math.floor((t - v0) / (v1 - v0) * columns))); }
  function columnX(c) { return left + (c + 0.5) * width / columns; }

  // Signal `name`'s min/max per pixel column of the view (shorter past its end).
  function signalColumns(name) {
    var out = [];
    if (!levels(name).length) return out;
    var span = v1 - v0, li = pickLevel(name, span);
    for (var c = 0; c < columns; c++) {
      var t0 = v0 + c * span / columns, r = range(name, li, t0, t0 + span / columns);
      if (!r) break;
      out.push(r);
    }
    return out;
  }
  // Vertical auto-scale: the largest of ×1, 2, 5, 10, … up to 1000 that keeps the view's
  // peak (over every channel of the lane) within full scale, so a quiet stretch fills its
  // lane instead of drawing a flat line; silence stays at ×1.
  function gainFor(channels) {
    var peak = 0, gain = 1;
    channels.forEach(function (cols) {
      cols.forEach(function (r) { peak = Math.max(peak, -r[0], r[1]); });
    });
    if (peak > 0) [2, 5, 10, 20, 50, 100, 200, 500, 1000].forEach(function (k) { if (peak * k <= 1) gain = k; });
    return gain;
  }
  function drawSignal(g, cols, laneTop, h, color, gain) {
    if (!cols.length) return;
    var upper = "", lower = [];
    cols.forEach(function (r, c) {
      var x = f1(columnX(c));
      upper += (upper ? " " : "") + x + "," + f1(by(r[1] * gain, laneTop, h));
      lower.push(x + "," + f1(by(r[0] * gain, laneTop, h)));
    });
    el("polygon", { fill: color, stroke: color, "stroke-width": "0.8", "stroke-linejoin": "round",
      points: upper + " " + lower.reverse().join(" ") }, g);
  }
  // A lane's signals on one scale; a gain above 1 is written at the lane's top right.
  function drawSignals(g, lane, names, color) {
    var cols = names.map(signalColumns), gain = gainFor(cols), h = lane[1] / names.length;
    cols.forEach(function (c, i) { drawSignal(g, c, lane[0] + i * h, h, color, gain); });
    g.parentNode.dataset.gain = gain;
    if (gain > 1) {
      var label = el("text", { x: f1(left + width - 6), y: f1(lane[0] + 13), "text-anchor": "end",
        "class": "tick gain" }, g);
      label.textContent = "\u00d7" + gain + " (zoomed to \u00b1" + +(1 / gain).toPrecision(2) + " of full scale)";
    }
  }

  // The haptic events lane. A dense pattern's lane (TimelinePlot's HapticDensity) keeps its
  // strip of events per second at the bottom; a view still that dense is summarised the same
  // way (bars of each 4-pixel bucket's loudest event), a sparser one gets a mark per event.
  function drawHapticLane(g, lane) {
    if (!D.denseEvents) { drawHaptic(g, lane); return; }
    var bars = [lane[0], lane[1] - 14], n = Math.ceil(columns / 4), w = width / n;
    var peak = [], level = [], starts = [], inView = 0, most = 0;
    function bucket(t) { return Math.min(n - 1, Math.max(0, Math.floor((t - v0) / (v1 - v0) * n))); }
    function add(a, b, h, lv) {
      for (var i = bucket(Math.max(a, v0)); i <= bucket(Math.min(b, v1)); i++) if (!(peak[i] >= h)) { peak[i] = h; level[i] = lv; }
    }
    function start(t) { inView++; if (t >= v0) { var b = bucket(t); starts[b] = (starts[b] || 0) + 1; } }
    var tr = D.transients;
    for (var i = 0; i < tr.length; i += 3) if (tr[i] >= v0 && tr[i] <= v1) { add(tr[i], tr[i], tr[i + 1], tr[i + 2]); start(tr[i]); }
    D.continuous.forEach(function (e) {
      if (e[0] + e[1] < v0 || e[0] > v1) return;
      var p = 0; for (var k = 1; k < e[3].length; k += 2) p = Math.max(p, e[3][k]);
      add(e[0], e[0] + e[1], p, e[2]); start(e[0]);
    });
    if (inView * 2 > columns) {
      var base = f1(uy(0, bars)), paths = {};
      for (var i = 0; i < n; i++) if (peak[i] >= 0)
        paths[level[i]] = (paths[level[i]] || "") + "M" + f1(left + i * w) + "," + base + "V" + f1(uy(peak[i], bars))
          + "h" + f1(Math.max(1, w - 1)) + "V" + base + "Z";
      Object.keys(paths).forEach(function (lv) { el("path", { d: paths[lv], fill: D.colors[lv], "fill-opacity": "0.85" }, g); });
    } else {
      drawHaptic(g, bars);
    }
    for (var i = 0; i < n; i++) most = Math.max(most, starts[i] || 0);
    for (var i = 0; i < n; i++) if (starts[i])
      el("rect", { x: f1(left + i * w), y: f1(lane[0] + lane[1] - 12), width: f1(Math.max(1, w - 1)), height: "10",
        fill: "#24292f", "fill-opacity": (Math.ceil(starts[i] * 8 / most) / 8).toFixed(3), "class": "density" }, g);
  }

  function drawHaptic(g, lane) {
    var base = f1(uy(0, lane)), paths = {}, stemH = [], stemL = [], barH = [], barL = [], stems = 0;
    function merge(H, L, a, b, h, level) {
      for (var c = column(a); c <= column(b); c++) if (!(H[c] >= h)) { H[c] = h; L[c] = level; }
    }
    D.continuous.forEach(function (e) {
      var t = e[0], len = e[1], level = e[2], pts = e[3];
      if (t + len < v0 || t > v1) return;
      var x0 = xOf(t), x1 = xOf(t + len);
      if (x1 - x0 < 2) {
        var peak = 0; for (var k = 1; k < pts.length; k += 2) peak = Math.max(peak, pts[k]);
        merge(barH, barL, Math.max(t, v0), Math.min(t + len, v1), peak, level); return;
      }
      var d = "M" + f1(x0) + "," + base;
      for (var k = 0; k < pts.length; k += 2) d += "L" + f1(xOf(t + pts[k])) + "," + f1(uy(pts[k + 1], lane));
      paths[level] = (paths[level] || "") + d + "L" + f1(x1) + "," + base + "Z";
    });
    Object.keys(paths).forEach(function (level) {
      el("path", { d: paths[level], fill: D.colors[level], "fill-opacity": "0.72", stroke: D.colors[level],
        "stroke-width": "1", "stroke-linejoin": "round" }, g);
    });
    var tr = D.transients;
    for (var i = 0; i < tr.length; i += 3) {
      if (tr[i] < v0 || tr[i] > v1) continue;
      merge(stemH, stemL, tr[i], tr[i], tr[i + 1], tr[i + 2]);
    }
    for (var c in stemH) stems++;
    function stemsOf(H, L, w, heads, extra) {
      var byLevel = {};
      for (var c in H) {
        var x = f1(columnX(+c)), y = f1(uy(H[c], lane));
        byLevel[L[c]] = (byLevel[L[c]] || "") + "M" + x + "," + base + "V" + y;
        if (heads) el("circle", { cx: x, cy: y, r: "2.6", fill: D.colors[L[c]] }, g);
      }
      Object.keys(byLevel).forEach(function (level) {
        var a = { d: byLevel[level], stroke: D.colors[level], "stroke-width": w, fill: "none" };
        for (var k in extra) a[k] = extra[k];
        el("path", a, g);
      });
    }
    stemsOf(barH, barL, "1", false, { "stroke-opacity": "0.72" });
    var sparse = stems * 6 <= columns;
    stemsOf(stemH, stemL, sparse ? "2" : "1", sparse, {});
  }

  // A piecewise-linear 0…1 curve from the last point at or before the view to the
  // first after it, held flat past its ends. Points sharing a pixel column collapse to
  // first, min, max, last, so a dense curve costs O(pixels) and keeps its extremes.
  function drawCurve(g, lane, pts, sharp) {
    var n = pts.length / 2;
    if (!n) return;
    var lo = 0, hi = n - 1;
    while (lo < hi) { var m = (lo + hi + 1) >> 1; if (pts[2 * m] <= v0) lo = m; else hi = m - 1; }
    var startX = Math.min(xOf(pts[2 * lo]), left - 1), endX = left + width + 1;
    var line = "M" + f1(startX) + "," + f1(uy(pts[2 * lo + 1], lane));
    var col = null, cx = 0, first = 0, low = 0, high = 0, last = 0, lastX = 0;
    function flush() {
      if (col === null) return;
      line += "L" + f1(cx) + "," + f1(uy(first, lane));
      if (low < high) line += "L" + f1(cx) + "," + f1(uy(low, lane)) + "L" + f1(cx) + "," + f1(uy(high, lane));
      line += "L" + f1(lastX) + "," + f1(uy(last, lane));
    }
    for (var i = lo; i < n; i++) {
      var x = xOf(pts[2 * i]), v = pts[2 * i + 1], c = Math.floor(x);
      if (c !== col) { flush(); col = c; cx = x; first = low = high = v; }
      else { low = Math.min(low, v); high = Math.max(high, v); }
      last = v; lastX = x;
      if (pts[2 * i] > v1) break;
    }
    flush();
    if (lastX < endX) line += "L" + f1(endX) + "," + f1(uy(last, lane));
    else endX = lastX;
    var base = f1(uy(0, lane));
    el("path", { d: line + "L" + f1(endX) + "," + base + "L" + f1(startX) + "," + base + "Z",
      fill: sharp ? "url(#sharpness-vertical)" : "#adb5bd", "fill-opacity": sharp ? "0.22" : "0.35", stroke: "none" }, g);
    el("path", { d: line, fill: "none", stroke: sharp ? "url(#sharpness-vertical)" : "#495057",
      "stroke-width": "1.6", "stroke-linejoin": "round" }, g);
  }

  function drawAudioEvents(g, lane) {
    var rows = D.audioRows, rowH = (lane[1] - 8) / rows, painted = [];
    D.audio.forEach(function (e) {
      var t = e[0], len = e[1], row = e[2];
      if (t + len < v0 || t > v1) return;
      var x0 = xOf(t), x1 = Math.max(x0 + 1.5, xOf(t + len));
      if (x1 <= (painted[row] || -1e9) + 0.5) return;
      painted[row] = Math.max(painted[row] || -1e9, x1);
      var y = lane[0] + 4 + row * rowH;
      x0 = Math.max(x0, left - 2); x1 = Math.min(x1, left + width + 2);
      el("rect", { x: f1(x0), y: f1(y + 1), width: f1(x1 - x0), height: f1(rowH - 2), rx: "2",
        "fill-opacity": (0.15 + 0.6 * e[4]).toFixed(2), fill: e[3] ? "#40c057" : "#15aabf",
        stroke: e[3] ? "#2b8a3e" : "#0c8599", "stroke-width": "1" }, g);
      var room = Math.floor((x1 - x0 - 8) / 5.6), label = e[5];
      if (label.length > room) label = room >= 4 ? label.slice(0, room - 1) + "\u2026" : "";
      if (label) {
        var text = el("text", { x: f1(x0 + 4), y: f1(y + rowH / 2 + 3.5), "class": "event-label" }, g);
        text.textContent = label;
      }
    });
  }

  // Long patterns read on a clock, as the static axis does (TimelinePlot.clockAxisSeconds).
  var clock = duration >= 120;
  function clockLabel(t, decimals) {
    var m = Math.floor(t / 60 + 1e-9), s = t - 60 * m, text = s.toFixed(decimals);
    if (s < 10) text = "0" + text;
    return m >= 60 ? Math.floor(m / 60) + ":" + ("0" + m % 60).slice(-2) + ":" + text : m + ":" + text;
  }
  function ticks() {
    var raw = (v1 - v0) / Math.max(2, Math.floor(width / 90)), e = Math.floor(Math.log10(raw)), step = 0;
    for (; !step; e++) [1, 2, 5].forEach(function (m) { var s = m * Math.pow(10, e); if (!step && s >= raw * (1 - 1e-9)) step = s; });
    if (clock && step >= 5) [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200].some(function (s) {
      return s >= raw * (1 - 1e-9) && (step = s);
    });
    var decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9)), out = [];
    for (var k = Math.ceil(v0 / step - 1e-9); k * step <= v1 + 1e-9; k++)
      out.push([k * step, clock ? clockLabel(k * step, decimals) : (k * step).toFixed(decimals)]);
    return out;
  }

  function drawAxis(list) {
    var y = bottom + 6;
    el("line", { x1: left, y1: y, x2: left + width, y2: y, "class": "axis-line" }, zoomAxis);
    list.forEach(function (tick) {
      var x = f1(xOf(tick[0]));
      el("line", { x1: x, y1: y, x2: x, y2: y + 5, "class": "axis-line" }, zoomAxis);
      var label = el("text", { x: x, y: y + 18, "text-anchor": "middle", "class": "tick" }, zoomAxis);
      label.textContent = tick[1];
    });
    var title = el("text", { x: f1(left + width / 2), y: y + 36, "text-anchor": "middle", "class": "axis-title" }, zoomAxis);
    title.textContent = clock
      ? "time (m:ss) \u00b7 " + clockLabel(v0, 3) + "\u2013" + clockLabel(v1, 3) + " of " + clockLabel(duration, 3)
        + " \u00b7 press 0 to see all"
      : "time (s) \u00b7 " + (v0).toFixed(3) + "\u2013" + (v1).toFixed(3) + " of " + duration.toFixed(3)
        + " \u00b7 press 0 to see all";
  }

  function redraw() {
    var zoomed = v0 > 0 || v1 < duration;
    staticParts.forEach(function (p) { p.setAttribute("display", zoomed ? "none" : "inline"); });
    zoomAxis.setAttribute("display", zoomed ? "inline" : "none");
    Object.keys(zoomLayers).forEach(function (id) {
      var g = zoomLayers[id], grid = grids[id];
      g.textContent = ""; grid.textContent = "";
      g.setAttribute("display", zoomed ? "inline" : "none");
      grid.setAttribute("display", zoomed ? "inline" : "none");
    });
    zoomAxis.textContent = "";
    svg.dataset.viewStart = v0.toFixed(6);
    svg.dataset.viewEnd = v1.toFixed(6);
    if (!zoomed) { place(); return; }
    var list = ticks();
    Object.keys(zoomLayers).forEach(function (id) {
      var lane = D.lanes[id], g = zoomLayers[id];
      list.forEach(function (tick) {
        var x = f1(xOf(tick[0]));
        el("line", { x1: x, y1: lane[0], x2: x, y2: lane[0] + lane[1], "class": "grid" }, grids[id]);
      });
      if (id === "haptic-events") drawHapticLane(g, lane);
      else if (id === "intensity") drawCurve(g, lane, D.intensity, false);
      else if (id === "sharpness") drawCurve(g, lane, D.sharpness, true);
      else if (id === "audio-events") drawAudioEvents(g, lane);
      else if (id === "drive") drawSignals(g, lane, ["drive"], "#343a40");
      else if (id === "acceleration") drawSignals(g, lane, ["acceleration"], "#0b7285");
      else if (id === "audio") drawSignals(g, lane, levels("audioR").length ? ["audioL", "audioR"] : ["audioL"], "#1c7ed6");
    });
    drawAxis(list);
    place();
  }

  // Redraws at once: a redraw is O(pixels), cheap enough for every wheel event.
  function setView(a, b) {
    var span = Math.min(duration, Math.max(minSpan, b - a));
    a = Math.min(Math.max(0, a), duration - span);
    v0 = a; v1 = a + span;
    redraw();
  }
  function zoom(factor, at) {
    var c = Math.min(Math.max(at, v0), v1);
    setView(c - (c - v0) * factor, c + (v1 - c) * factor);
  }

  svg.addEventListener("wheel", function (e) {
    var p = localX(e);
    if (p.x < left || p.x > left + width) return;
    e.preventDefault();
    var unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
    var dx = e.deltaX * unit, dy = e.deltaY * unit;
    if (e.shiftKey || Math.abs(dx) > Math.abs(dy)) {
      var pan = (Math.abs(dx) > Math.abs(dy) ? dx : dy) / width * (v1 - v0);
      setView(v0 + pan, v1 + pan);
    } else {
      zoom(Math.exp(Math.max(-300, Math.min(300, dy)) * 0.002), tOf(p.x));
    }
  }, { passive: false });

  var drag = null;
  svg.addEventListener("pointerdown", function (e) {
    if (e.button !== 0) return;
    drag = { x: localX(e).x, a: v0, b: v1, moved: false };
  });
  window.addEventListener("pointerup", function () { if (drag && drag.moved) dragged = true; drag = null; });
  svg.addEventListener("pointermove", function (e) {
    var p = localX(e), t = tOf(p.x);
    if (drag) {
      var dx = p.x - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      if (drag.moved) {
        var dt = dx / width * (drag.b - drag.a);
        setView(drag.a - dt, drag.b - dt);
        return;
      }
    }
    var inside = p.x >= left && p.x <= left + width;
    pointerT = inside ? t : null;
    cursor.setAttribute("visibility", inside ? "visible" : "hidden");
    cursor.setAttribute("x1", f1(p.x)); cursor.setAttribute("x2", f1(p.x));
    if (readout) readout.textContent = inside ? describe(t) : "";
  });
  svg.addEventListener("pointerleave", function () {
    pointerT = null;
    cursor.setAttribute("visibility", "hidden");
    if (readout) readout.textContent = "";
  });

  function curveAt(pts, t) {
    var n = pts.length / 2;
    if (!n) return null;
    if (t <= pts[0]) return pts[1];
    for (var lo = 0, hi = n - 1; lo < hi;) { var m = (lo + hi + 1) >> 1; if (pts[2 * m] <= t) lo = m; else hi = m - 1; }
    if (lo === n - 1) return pts[2 * lo + 1];
    var ta = pts[2 * lo], tb = pts[2 * lo + 2], a = pts[2 * lo + 1], b = pts[2 * lo + 3];
    return tb > ta ? a + (b - a) * (t - ta) / (tb - ta) : b;
  }
  function describe(t) {
    var px = (v1 - v0) / width, digits = Math.min(6, Math.max(3, Math.ceil(-Math.log10(px)) + 1));
    var parts = ["t " + t.toFixed(digits) + " s"];
    var i = curveAt(D.intensity, t), s = curveAt(D.sharpness, t);
    if (i !== null) parts.push("intensity " + i.toFixed(2));
    if (s !== null) parts.push("sharpness " + s.toFixed(2));
    [["drive", "drive", 1, ""], ["acceleration", "accel", D.fullScaleG, " g"], ["audioL", "audio L", 1, ""],
     ["audioR", "audio R", 1, ""]].forEach(function (q) {
      if (!levels(q[0]).length) return;
      var r = range(q[0], pickLevel(q[0], v1 - v0), t - px / 2, t + px / 2);
      if (r) parts.push(q[1] + " " + (r[0] * q[2]).toFixed(2) + "\u2026" + (r[1] * q[2]).toFixed(2) + q[3]);
    });
    return parts.join("  \u00b7  ");
  }

  window.hapticTimeline = { setView: setView, zoom: zoom,
    view: function () { return [v0, v1]; } };
  var m = /view=([0-9.]+),([0-9.]+)/.exec(location.hash);
  if (m) setView(+m[1], +m[2]); else redraw();
})();
