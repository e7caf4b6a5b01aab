// emokit preview: the seed's compose screen driven by the manifest embedded in the page.
// Everything works offline from file://: the data is inline, no fetch, no external resource.
// Data is only ever inserted with textContent / attributes, never as HTML.
(function () {
  "use strict";
  const dataElement = document.getElementById("emokit-data");
  if (!dataElement) return;
  const M = JSON.parse(dataElement.textContent);
  document.documentElement.classList.add("js");

  const W = M.screenWidth;
  const gridHeight = M.metrics.gridHeight;
  const scales = M.scales.slice().sort((a, b) => a - b);
  const dpr = window.devicePixelRatio || 1;
  // The sheet scale for CSS-drawn sprites: the smallest one at least the screen's density.
  const spriteScale = scales.find((s) => s >= dpr) || scales[scales.length - 1];
  // Layouts that round to device pixels (weibo) have frames per scale: the keys follow the
  // frames of the scale whose sheet is shown, so icons and keys agree to the pixel.
  const snapped = !!M.grid.snapToPixels;
  const frameOf = (button) => (button.frames && button.frames[String(spriteScale)]) || button.frame;
  const columnsAt = (M.grid.columnsByScale && M.grid.columnsByScale[String(spriteScale)]) ||
    { left: (M.grid.insets && M.grid.insets.left) || 0, cellWidth: M.grid.cellWidth };
  const gridTop = M.metrics.gridTop || 0;
  const pageControlTop = M.metrics.pageControlTop ?? gridTop + gridHeight;
  const tabBarTop = M.metrics.tabBarTop ?? pageControlTop + M.metrics.pageControlHeight;
  const root = "../";
  // One Recent list per output folder (its URL path), shared by that output's widths: two
  // outputs opened in one browser must not mix their emoticons.
  const RECENT_KEY = "emokit-recent:" + new URL(root, location.href).pathname;
  const RECENT_MAX = M.grid.emoticonsPerPage;

  const h = (tag, attrs, children) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null) continue;
      if (k === "text") el.textContent = v;
      else if (k === "style") Object.assign(el.style, v);
      else el.setAttribute(k, v);
    }
    for (const c of children || []) el.appendChild(c);
    return el;
  };
  const px = (v) => v + "px";
  const sheetURL = (path) => root + path.split("/").map(encodeURIComponent).join("/");

  // ------------------------------------------------------------------ index of emoticons
  const byText = new Map();      // text → {tab, page, button}
  let deleteSprite = null;       // {page, button} to draw the delete key on the recent page
  for (const tab of M.tabs) {
    for (const page of tab.pages) {
      for (const button of page.buttons) {
        if (button.kind === "delete" && !deleteSprite) deleteSprite = { tab, page, button };
        if (button.kind === "emoticon" && button.text && !byText.has(button.text)) byText.set(button.text, { tab, page, button });
      }
    }
  }
  const tokensLongestFirst = Array.from(byText.keys()).sort((a, b) => b.length - a.length);

  function spriteStyle(ref, zoom) {
    const s = spriteScale, z = zoom || 1;
    const rect = ref.button.sprite[String(s)];
    const sheet = ref.page.sheets[String(s)];
    if (!rect || !sheet) return null;
    return {
      width: px((rect.width / s) * z), height: px((rect.height / s) * z),
      backgroundImage: "url(\"" + sheetURL(sheet) + "\")",
      backgroundSize: px(W * z) + " " + px(gridHeight * z),
      backgroundPosition: px((-rect.x / s) * z) + " " + px((-rect.y / s) * z),
    };
  }

  // ------------------------------------------------------------------ the screen
  const phone = document.getElementById("phone");
  const messages = h("ul", { id: "messages", class: "messages", "aria-label": "Messages" });
  const input = h("input", { id: "compose-text", type: "text", placeholder: "Comments", autocomplete: "off", "aria-label": "Message" });
  const toggle = h("button", { id: "keyboard-toggle", type: "button", "aria-label": "Switch to system keyboard", "aria-pressed": "true", text: "⌨" });
  const send = h("button", { id: "send", type: "button", text: "Send" });
  const composer = h("div", { class: "composer", style: { height: px(M.metrics.toolbarHeight) } }, [input, toggle, send]);

  // The keyboard's parts sit where the layout puts them (the weibo grid starts 5 pt down and
  // its page control overlaps the grid's last 5 pt), not merely stacked.
  const pages = h("div", { class: "pages", id: "pages", tabindex: "0", "aria-label": "Emoticon pages",
    style: { width: px(W), height: px(gridHeight), top: px(gridTop) } });
  const dots = h("div", { class: "dots", id: "page-dots", style: { height: px(M.metrics.pageControlHeight), top: px(pageControlTop) } });
  const tabbar = h("div", { class: "tabbar", id: "tabbar", role: "tablist", style: { height: px(M.metrics.tabBarHeight), top: px(tabBarTop) } });
  const emoticonKeyboard = h("div", { class: "emoticon-keyboard", id: "emoticon-keyboard", "data-layout": M.layout || "classic",
    style: { height: px(M.metrics.keyboardHeight) } }, [pages, dots, tabbar]);
  const systemKeyboard = h("div", { class: "system-keyboard", id: "system-keyboard", "aria-label": "System keyboard (placeholder)",
    style: { height: px(M.metrics.keyboardHeight) } });
  for (const ch of "QWERTYUIOPASDFGHJKL⇧ZXCVBNM⌫") systemKeyboard.appendChild(h("span", { text: ch }));
  const keyboardArea = h("div", { class: "keyboard-area", id: "keyboard-area", "data-mode": "emoticon" }, [emoticonKeyboard, systemKeyboard]);
  const magnifier = h("div", { class: "magnifier", id: "magnifier", hidden: "" });

  // The manifest's colours, light and dark; preview.css picks per prefers-color-scheme.
  const colorVariables = { background: "--keyboard-background", pageDot: "--page-dot", currentPageDot: "--current-page-dot",
    tabBarBackground: "--tab-bar-background", selectedTab: "--selected-tab" };
  for (const [key, variable] of Object.entries(colorVariables)) {
    if (M.colors[key]) phone.style.setProperty(variable, M.colors[key]);
    if (M.colors.dark && M.colors.dark[key]) phone.style.setProperty(variable + "-dark", M.colors.dark[key]);
  }
  phone.append(messages, composer, keyboardArea, magnifier);

  // ------------------------------------------------------------------ tabs and pages
  let currentTab = null;
  let pageCount = 0;
  let currentPage = 0;

  // Display-only groups (YYKit's display_only) are not keyboard tabs; their emoticons still
  // render in messages (byText above covers every tab).
  const tabs = M.tabs.map((t, i) => ({ id: t.id, title: t.title, pages: t.pages, icon: t.icon, strip: i, displayOnly: t.displayOnly }))
    .filter((t) => !t.displayOnly);
  tabs.push({ id: "recent", title: "Recent", pages: null });

  // A tab's icon from the tab-icon strip (one square per tab of the manifest, in order).
  function tabIcon(tab) {
    const icon = tab.icon, sheet = icon && icon.sheets[String(spriteScale)];
    if (!sheet) return null;
    return h("span", { class: "tab-icon", "aria-hidden": "true", style: {
      width: px(icon.size), height: px(icon.size), backgroundImage: "url(\"" + sheetURL(sheet) + "\")",
      backgroundSize: px(icon.size * M.tabs.length) + " " + px(icon.size), backgroundPosition: px(-tab.strip * icon.size) + " 0" } });
  }

  for (const tab of tabs) {
    const b = h("button", { class: "tab", type: "button", role: "tab", "data-tab": tab.id, "aria-selected": "false" });
    const icon = tabIcon(tab);
    if (icon) b.appendChild(icon);
    b.appendChild(h("span", { class: "tab-title", text: tab.title }));
    b.addEventListener("click", () => showTab(tab.id));
    tabbar.appendChild(b);
  }

  // A transparent key at a frame in points (CSS px = points).
  function keyButton(attrs, frame) {
    const key = h("button", Object.assign({ class: "key", type: "button" }, attrs));
    Object.assign(key.style, { left: px(frame.x), top: px(frame.y), width: px(frame.width), height: px(frame.height) });
    return key;
  }

  function pageElement(tabId, page) {
    const el = h("div", { class: "page", "data-page": String(page.index), style: { width: px(W), height: px(gridHeight) } });
    const srcset = scales.filter((s) => page.sheets[String(s)]).map((s) => sheetURL(page.sheets[String(s)]) + " " + s + "x").join(", ");
    const largest = scales[scales.length - 1];
    // A snapped layout shows the sheet whose frames the keys use; otherwise the browser picks.
    el.appendChild(h("img", { class: "sheet", alt: "", src: sheetURL(page.sheets[String(snapped ? spriteScale : largest)]),
      srcset: snapped ? undefined : srcset, width: String(W), height: String(gridHeight) }));
    for (const button of page.buttons) {
      const attrs = { "data-kind": button.kind, "data-tab": tabId, "data-index": String(button.index),
        "data-row": String(button.row), "data-column": String(button.column), "aria-label": button.name };
      const key = keyButton(attrs, frameOf(button));
      if (button.kind === "emoticon") {
        key.dataset.entry = String(button.entry);
        key.title = button.name;
        key.addEventListener("click", () => insert(button.text, { tab: tabId, entry: button.entry }));
        attachMagnifier(key, byText.get(button.text) || { page, button });
      } else {
        key.addEventListener("click", deleteBackward);
      }
      el.appendChild(key);
    }
    return el;
  }

  function recentPageElement() {
    const el = h("div", { class: "page", "data-page": "0", style: { width: px(W), height: px(gridHeight) } });
    const recent = loadRecent();
    recent.forEach((item, cell) => {
      const ref = findEntry(item.tab, item.entry);
      if (!ref) return;
      const frame = cellFrame(cell);
      const key = keyButton({ "data-kind": "emoticon", "data-tab": item.tab, "data-index": String(cell), "data-recent": "true",
        "aria-label": ref.button.name, title: ref.button.name }, frame);
      key.classList.add("sprite-key");
      const style = spriteStyle(ref);
      if (style) {
        const icon = h("span", { class: "token", style: Object.assign(style, { position: "absolute",
          left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) });
        key.appendChild(icon);
      }
      key.addEventListener("click", () => insert(ref.button.text, item));
      attachMagnifier(key, ref);
      el.appendChild(key);
    });
    const last = M.grid.columns * M.grid.rows - 1;
    const frame = cellFrame(last);
    const del = keyButton({ "data-kind": "delete", "data-tab": "recent", "data-index": String(last),
      "aria-label": deleteSprite ? deleteSprite.button.name : "Delete" }, frame);
    if (deleteSprite) {
      const style = spriteStyle(deleteSprite);
      if (style) del.appendChild(h("span", { class: "token", style: Object.assign(style, { position: "absolute", left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) }));
    }
    del.addEventListener("click", deleteBackward);
    el.appendChild(del);
    if (recent.length === 0) el.appendChild(h("p", { class: "empty-note", text: "Emoticons you use appear here." }));
    return el;
  }

  // The frame of a cell, as the manifest computes it: columns from the left inset, rows from
  // the top inset, with the layout's spacing between them.
  function cellFrame(cell) {
    const cols = M.grid.columns, cw = columnsAt.cellWidth, ch = M.grid.cellHeight;
    const top = (M.grid.insets && M.grid.insets.top) || 0;
    const c = cell % cols, r = Math.floor(cell / cols);
    return { x: columnsAt.left + c * (cw + (M.grid.columnSpacing || 0)), y: top + r * (ch + (M.grid.rowSpacing || 0)), width: cw, height: ch };
  }

  function findEntry(tabId, entry) {
    const tab = M.tabs.find((t) => t.id === tabId);
    if (!tab) return null;
    for (const page of tab.pages) for (const button of page.buttons) if (button.entry === entry) return { tab, page, button };
    return null;
  }

  function showTab(id) {
    const tab = tabs.find((t) => t.id === id) || tabs[0];
    currentTab = tab.id;
    for (const b of tabbar.children) b.setAttribute("aria-selected", String(b.dataset.tab === tab.id));
    pages.textContent = "";
    if (tab.id === "recent") {
      pages.appendChild(recentPageElement());
      pageCount = 1;
    } else if (tab.pages.length === 0) {
      pages.appendChild(h("div", { class: "page", "data-page": "0", style: { width: px(W), height: px(gridHeight) } },
        [h("p", { class: "empty-note", text: "This pack has no emoticons." })]));
      pageCount = 1;
    } else {
      for (const page of tab.pages) pages.appendChild(pageElement(tab.id, page));
      pageCount = tab.pages.length;
    }
    dots.textContent = "";
    for (let i = 0; i < pageCount; i++) {
      const d = h("button", { class: "dot", type: "button", "data-page-dot": String(i), "aria-label": "Page " + (i + 1) });
      d.addEventListener("click", () => goToPage(i));
      dots.appendChild(d);
    }
    pages.scrollLeft = 0;
    setCurrentPage(0);
  }

  function setCurrentPage(p) {
    currentPage = p;
    for (const d of dots.children) d.setAttribute("aria-current", String(Number(d.dataset.pageDot) === p));
    pages.dataset.currentPage = String(p);
  }

  function goToPage(p) {
    const target = Math.max(0, Math.min(pageCount - 1, p));
    pages.scrollTo({ left: target * W, behavior: "instant" });
    setCurrentPage(target);
  }

  pages.addEventListener("scroll", () => {
    const p = Math.round(pages.scrollLeft / W);
    if (p !== currentPage) setCurrentPage(p);
  });

  document.addEventListener("keydown", (e) => {
    if (e.target === input || keyboardArea.dataset.mode !== "emoticon") return;
    if (e.key === "ArrowRight") { goToPage(currentPage + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { goToPage(currentPage - 1); e.preventDefault(); }
  });

  // ------------------------------------------------------------------ text editing
  function insert(text, recentItem) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.setRangeText(text, start, end, "end");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    if (recentItem) remember(recentItem);
  }

  // Removes the emoticon token before the caret whole ([哈哈]), else one grapheme cluster, so
  // flags, keycaps, skin tones and ZWJ families go in one press (not seed 004's 2 UTF-16 units).
  const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  function deleteBackward() {
    let start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    if (start !== end) { input.setRangeText("", start, end, "end"); return; }
    const before = input.value.slice(0, start);
    if (!before) return;
    let cut = 0;
    for (const token of tokensLongestFirst) {
      if (token.length > 1 && before.endsWith(token) && /^\[.*\]$/.test(token)) { cut = token.length; break; }
    }
    if (!cut) {
      const bracket = before.match(/\[[^\[\]\s]{1,12}\]$/);
      if (bracket) cut = bracket[0].length;
    }
    if (!cut) {
      if (segmenter) {
        let last = null;
        for (const s of segmenter.segment(before)) last = s;
        cut = last ? last.segment.length : 1;
      } else {
        cut = Array.from(before).slice(-1)[0].length;
      }
    }
    input.setRangeText("", start - cut, start, "end");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // ------------------------------------------------------------------ recent
  function loadRecent() {
    try {
      const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(list) ? list.filter((i) => i && typeof i.tab === "string" && Number.isInteger(i.entry)) : [];
    } catch (e) { return []; }
  }
  function remember(item) {
    const list = loadRecent().filter((i) => !(i.tab === item.tab && i.entry === item.entry));
    list.unshift({ tab: item.tab, entry: item.entry });
    try { localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX))); } catch (e) { /* storage off */ }
  }

  // ------------------------------------------------------------------ magnifier
  function attachMagnifier(key, ref) {
    let timer = null;
    const show = () => {
      magnifier.textContent = "";
      const animation = ref.button.animation;
      if (animation) {
        // The animated version, as apps show it on long press: the GIF itself, playing, at
        // twice the icon's size (its aspect kept).
        const side = M.grid.iconSize * 2, fit = Math.min(side / animation.width, side / animation.height);
        magnifier.appendChild(h("img", { class: "big animation", alt: "", src: sheetURL(animation.path), "data-frames": String(animation.frames),
          width: String(Math.round(animation.width * fit)), height: String(Math.round(animation.height * fit)) }));
      } else {
        const style = spriteStyle(ref, 2);
        if (style) magnifier.appendChild(h("div", { class: "big", style }));
      }
      magnifier.appendChild(h("div", { class: "name", text: ref.button.name }));
      magnifier.hidden = false;
      const k = key.getBoundingClientRect(), p = phone.getBoundingClientRect();
      const mw = magnifier.offsetWidth, mh = magnifier.offsetHeight;
      magnifier.style.left = px(Math.max(0, Math.min(p.width - mw, k.left - p.left + k.width / 2 - mw / 2)));
      magnifier.style.top = px(Math.max(0, k.top - p.top - mh - 4));
    };
    const hide = () => { clearTimeout(timer); magnifier.hidden = true; };
    key.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") timer = setTimeout(show, 350); });
    key.addEventListener("pointerup", hide);
    key.addEventListener("pointercancel", hide);
    key.addEventListener("mouseenter", show);
    key.addEventListener("mouseleave", hide);
    key.addEventListener("focus", show);
    key.addEventListener("blur", hide);
  }

  // ------------------------------------------------------------------ toolbar
  toggle.addEventListener("click", () => {
    // seed 000's switchKeyboard: swap the emoticon keyboard and the system one, animated.
    const toSystem = keyboardArea.dataset.mode === "emoticon";
    keyboardArea.dataset.mode = toSystem ? "system" : "emoticon";
    toggle.textContent = toSystem ? "☺" : "⌨";
    toggle.setAttribute("aria-pressed", String(!toSystem));
    toggle.setAttribute("aria-label", toSystem ? "Switch to emoticon keyboard" : "Switch to system keyboard");
    if (toSystem) input.focus();
  });

  send.addEventListener("click", () => {
    const text = input.value;
    if (!text) return;
    const li = h("li", { class: "message" });
    renderMessage(text, li);
    messages.appendChild(li);
    messages.scrollTop = messages.scrollHeight;
    input.value = "";
  });

  // Emoticon tokens become their sprite images; all other text stays text.
  function renderMessage(text, into) {
    let i = 0, plain = "";
    const flush = () => { if (plain) { into.appendChild(document.createTextNode(plain)); plain = ""; } };
    outer: while (i < text.length) {
      for (const token of tokensLongestFirst) {
        if (text.startsWith(token, i)) {
          const ref = byText.get(token);
          const style = spriteStyle(ref);
          if (style) {
            flush();
            into.appendChild(h("span", { class: "token", role: "img", "aria-label": ref.button.name, title: token, "data-text": token, style }));
            i += token.length;
            continue outer;
          }
        }
      }
      plain += text[i];
      i += 1;
    }
    flush();
  }

  showTab(tabs[0].id);
})();
