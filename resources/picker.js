// The picker: runs in Qt's ApplicationWorld (invisible to the page's own scripts, which are off
// anyway). Reports hovers and clicks by stamp and applies highlights. DEBOILER_CONFIG comes
// from Python through its escaping helper.
(function () {
  "use strict";
  if (window.__deboiler) {
    return;
  }
  var cfg = DEBOILER_CONFIG;
  var STAMP = cfg.stamp;
  var HL = cfg.highlight;
  var HOVER = "data-dbg-hover";
  var SEL = "data-dbg-sel";
  var REFUSED = "data-dbg-refused";
  var bridge = null;
  var byStamp = null;
  var marked = [];
  var hovered = null;
  var selected = [];
  var refused = [];
  var picking = true;

  function post(msg) {
    if (bridge) {
      bridge.post(JSON.stringify(msg));
    }
  }

  // One pass over the document builds stamp -> element; a querySelector per id is far slower.
  function stampMap() {
    if (byStamp === null) {
      byStamp = new Map();
      var all = document.querySelectorAll("[" + STAMP + "]");
      for (var i = 0; i < all.length; i++) {
        byStamp.set(parseInt(all[i].getAttribute(STAMP), 36), all[i]);
      }
    }
    return byStamp;
  }

  // Nodes the browser invented (tbody, implied wrappers) carry no stamp: use the nearest
  // stamped ancestor, which is the element lxml has.
  function stamped(node) {
    while (node && node.nodeType !== 1) {
      node = node.parentNode;
    }
    return node && node.closest ? node.closest("[" + STAMP + "]") : null;
  }

  // The served document usually carries the style and its highlights already (painted with the
  // first frame); otherwise the style is added here.
  function setStyle() {
    if (document.querySelector("style[" + cfg.style + "]")) {
      return true;
    }
    var style = document.createElement("style");
    style.setAttribute(cfg.style, "");
    style.textContent = cfg.css;
    (document.head || document.documentElement).appendChild(style);
    return false;
  }

  // Highlights present in the served document, by kind.
  function bakedCounts() {
    var counts = {};
    var all = document.querySelectorAll("[" + HL + "]");
    for (var i = 0; i < all.length; i++) {
      marked.push(all[i]);
      var kinds = all[i].getAttribute(HL).split(" ");
      for (var j = 0; j < kinds.length; j++) {
        counts[kinds[j]] = (counts[kinds[j]] || 0) + 1;
      }
    }
    return counts;
  }

  function setHighlights(kinds) {
    for (var i = 0; i < marked.length; i++) {
      marked[i].removeAttribute(HL);
    }
    marked = [];
    var map = stampMap();
    var counts = {};
    Object.keys(kinds).forEach(function (kind) {
      var ids = kinds[kind];
      counts[kind] = 0;
      for (var j = 0; j < ids.length; j++) {
        var el = map.get(ids[j]);
        if (!el) {
          continue;
        }
        var old = el.getAttribute(HL);
        if (old === null) {
          marked.push(el);
          el.setAttribute(HL, kind);
        } else {
          el.setAttribute(HL, old + " " + kind);
        }
        counts[kind] += 1;
      }
    });
    // Report after the next frame so "applied" means painted.
    requestAnimationFrame(function () {
      post({ type: "highlighted", counts: counts });
    });
  }

  function clearHover() {
    if (hovered) {
      hovered.removeAttribute(HOVER);
      hovered = null;
    }
  }

  function clearRefused() {
    for (var i = 0; i < refused.length; i++) {
      refused[i].removeAttribute(REFUSED);
    }
    refused = [];
  }

  // Every current example is outlined (a list being picked has several); the previous ones
  // lose their outline, and so does a click refused earlier. The last one is scrolled to when
  // asked. A hover outline left on another element (the pointer went to the DOM tree or a
  // button without crossing the page) goes too: only the pointer's own element keeps it.
  function selectAll(ids, scroll) {
    for (var i = 0; i < selected.length; i++) {
      selected[i].removeAttribute(SEL);
    }
    selected = [];
    clearRefused();
    var map = stampMap();
    var last = null;
    for (var j = 0; j < ids.length; j++) {
      var el = ids[j] >= 0 ? map.get(ids[j]) : null;
      if (el) {
        selected.push(el);
        el.setAttribute(SEL, "");
        last = el;
      }
    }
    if (hovered && selected.indexOf(hovered) < 0) {
      clearHover();
    }
    if (last && scroll && last.scrollIntoView) {
      last.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  // The clicks a rule was refused for: their pick outline becomes the refused one (dashed)
  // until the next pick; no hover outline is left beside them.
  function markRefused(ids) {
    clearRefused();
    clearHover();
    var map = stampMap();
    for (var j = 0; j < ids.length; j++) {
      var el = map.get(ids[j]);
      if (el) {
        el.removeAttribute(SEL);
        el.setAttribute(REFUSED, "");
        refused.push(el);
      }
    }
    selected = selected.filter(function (el) { return refused.indexOf(el) < 0; });
  }

  // The outlines drawn for the user, by kind (for tests): hover, selected, refused.
  function outlines() {
    function ids(attr) {
      var all = document.querySelectorAll("[" + attr + "]");
      var out = [];
      for (var i = 0; i < all.length; i++) {
        out.push(parseInt(all[i].getAttribute(STAMP), 36));
      }
      return out;
    }
    return JSON.stringify({ hover: ids(HOVER), selected: ids(SEL), refused: ids(REFUSED) });
  }

  function select(id, scroll) {
    selectAll([id], scroll);
  }

  function setPicking(on) {
    picking = !!on;
    if (!picking) {
      clearHover();
    }
  }

  function rectOf(id) {
    var el = stampMap().get(id);
    if (!el) {
      return JSON.stringify(null);
    }
    el.scrollIntoView({ block: "center", inline: "nearest" });
    var r = el.getBoundingClientRect();
    return JSON.stringify({ x: r.left, y: r.top, w: r.width, h: r.height });
  }

  // A point inside the element that hits the element itself rather than a child (for driving
  // real mouse clicks from tests and benchmarks).
  function pointOf(id) {
    var el = stampMap().get(id);
    if (!el) {
      return JSON.stringify(null);
    }
    el.scrollIntoView({ block: "center", inline: "nearest" });
    var r = el.getBoundingClientRect();
    for (var iy = 1; iy < 12; iy++) {
      for (var ix = 1; ix < 12; ix++) {
        var x = r.left + (r.width * ix) / 12;
        var y = r.top + (r.height * iy) / 12;
        if (stamped(document.elementFromPoint(x, y)) === el) {
          return JSON.stringify({ x: x, y: y });
        }
      }
    }
    return JSON.stringify(null);
  }

  function marks() {
    var out = {};
    var all = document.querySelectorAll("[" + HL + "]");
    for (var i = 0; i < all.length; i++) {
      var kinds = all[i].getAttribute(HL).split(" ");
      for (var j = 0; j < kinds.length; j++) {
        (out[kinds[j]] = out[kinds[j]] || []).push(parseInt(all[i].getAttribute(STAMP), 36));
      }
    }
    return JSON.stringify(out);
  }

  document.addEventListener("mouseover", function (ev) {
    if (!picking) {
      return;
    }
    var el = stamped(ev.target);
    if (el === hovered) {
      return;
    }
    if (hovered) {
      hovered.removeAttribute(HOVER);
    }
    hovered = el;
    if (el) {
      el.setAttribute(HOVER, "");
      post({ type: "hover", id: parseInt(el.getAttribute(STAMP), 36) });
    }
  }, true);

  // The pointer left the page (to the DOM tree, a button): no element is under it any more.
  document.addEventListener("mouseout", function (ev) {
    if (!ev.relatedTarget) {
      clearHover();
    }
  }, true);

  // Capture phase, and the default is prevented: a click picks, it never follows a link or
  // submits a form.
  document.addEventListener("click", function (ev) {
    ev.preventDefault();
    ev.stopPropagation();
    if (!picking) {
      return;
    }
    var el = stamped(ev.target);
    // The hover outline follows the click (a pointer that jumped here may have left it on the
    // element it was over before).
    if (hovered && hovered !== el) {
      hovered.removeAttribute(HOVER);
      hovered = null;
    }
    if (el) {
      post({ type: "click", id: parseInt(el.getAttribute(STAMP), 36), additive: ev.ctrlKey || ev.shiftKey || ev.metaKey });
    }
  }, true);
  document.addEventListener("submit", function (ev) { ev.preventDefault(); }, true);

  window.__deboiler = {
    setHighlights: setHighlights,
    select: select,
    selectAll: selectAll,
    markRefused: markRefused,
    outlines: outlines,
    setPicking: setPicking,
    rectOf: rectOf,
    pointOf: pointOf,
    marks: marks,
  };
  // Injected when the document is created: the channel's handshake with Qt runs while the page
  // is still being parsed, and the page is announced once both are done.
  var domDone = false;
  var announced = false;
  var baked = false;
  var counts = {};

  function announce() {
    if (announced || !domDone || !bridge) {
      return;
    }
    announced = true;
    post({ type: "ready", serial_url: String(location.href), elements: stampMap().size, baked: baked });
    if (baked) {
      // After the next frame, so "highlighted" means painted.
      requestAnimationFrame(function () {
        post({ type: "highlighted", counts: counts, serial_url: String(location.href) });
      });
    }
  }

  function domReady() {
    domDone = true;
    byStamp = null;
    baked = setStyle();
    counts = bakedCounts();
    announce();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", domReady);
  } else {
    domReady();
  }
  new QWebChannel(qt.webChannelTransport, function (channel) {
    bridge = channel.objects.bridge;
    announce();
  });
})();
