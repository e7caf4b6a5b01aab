// emokit preview: a chat app's compose screen driven by the manifest. Everything works offline
// from file://, no fetch, no external resource: a page with per-width sheets embeds its width's
// manifest; any-width pages share one (keyboard-data.js, a classic script beside them) and each
// says its width on the phone frame (data-width). Data is only ever inserted with textContent /
// attributes, never as HTML.
(function () {
  "use strict";
  const dataElement = document.getElementById("emokit-data");
  const M = dataElement ? JSON.parse(dataElement.textContent) : globalThis.EMOKIT_PREVIEW_DATA;
  if (!M) return;
  // Every label in the run's language (PreviewLabels; the page's lang says which).
  const labelsElement = document.getElementById("emokit-labels");
  const L = labelsElement ? JSON.parse(labelsElement.textContent) : {};
  const label = (key, fallback, n) => (L[key] || fallback).replace("%d", n === undefined ? "" : String(n));
  document.documentElement.classList.add("js");

  // With any-width sheets (the default) the keyboard is laid out live at the phone frame's width
  // (320...1366 pt, the slider below), its keys drawn from the pages' sheets; with per-width
  // sheets each page is its width's sheet, the keys over it at the manifest's frames.
  const anyWidth = M.sheetLayout === "any-width";
  // With any-width sheets M is the shared data, another width's manifest: its screenWidth, the
  // grid's cellWidth and columnsByScale and the keys' frames are not this page's (only the
  // per-width code below reads them).
  const frameWidth = Number((document.getElementById("phone") || { dataset: {} }).dataset.width);
  const W = (anyWidth && frameWidth) || M.screenWidth;
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
  const root = "../";
  // The resizable frame's range and its devices' widths in points (portrait iPhones, iPhones in
  // landscape, iPads portrait and landscape).
  const MIN_WIDTH = 320, MAX_WIDTH = 1366;
  const DEVICE_WIDTHS = [
    ["iPhone", [320, 375, 390, 393, 402, 414, 428, 430, 440]],
    ["landscape", [568, 667, 736, 812, 844, 852, 874, 896, 926, 932, 956]],
    ["iPad", [744, 768, 810, 820, 834, 1024, 1032, 1180, 1194, 1366]],
  ];

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
  // Each sheet's version (the first 12 hex digits of its SHA-256), added to its URL so a cache
  // never shows another run's picture under a sheet's name; GIFs and sent pictures have names
  // made of their content already.
  const versionsElement = document.getElementById("emokit-versions");
  const V = versionsElement ? JSON.parse(versionsElement.textContent) : {};
  const sheetURL = (path) => root + path.split("/").map(encodeURIComponent).join("/") +
    (Object.prototype.hasOwnProperty.call(V, path) ? "?v=" + encodeURIComponent(V[path]) : "");

  // ------------------------------------------------------------------ the runtime's data
  // The web runtime's code (assets/emoticons.js, the same code as web/emoticons.js) is the
  // keyboard, the tokenizer and the renderer here too. Its data is made from this page's
  // manifest: every entry of every tab (display-only groups too) with its sprite in its page's
  // sheet or its tab's variants sheet at the scale shown (CSS px), the layout's grid and
  // metrics; each tab's pages keep the manifest's frames and sheets (`pages` below).
  const variantSheetSize = new Map();   // variants sheet path → {width, height} in points
  for (const tab of M.tabs) {
    for (const sheet of tab.variantSheets || []) for (const path of Object.values(sheet.sheets)) variantSheetSize.set(path, sheet);
  }
  const key = String(spriteScale);
  // A page sheet's size in points: the page at its width, or the any-width sheet's grid of cells
  // (each the icon box and a 1 pt gutter each side: AnyWidthSheet).
  const cellPixels = Math.max(1, Math.round(M.grid.iconSize * spriteScale)) + 2 * spriteScale;
  const pageSheetSize = anyWidth
    ? { width: (M.grid.columns * cellPixels) / spriteScale, height: (M.grid.rows * cellPixels) / spriteScale }
    : { width: W, height: gridHeight };
  const sheets = [], sheetIndex = new Map();
  function sprite(path, rect, size, x, y) {
    if (!path || !rect || !size) return null;
    if (!sheetIndex.has(path)) {
      sheetIndex.set(path, sheets.length);
      sheets.push({ paths: { [key]: sheetURL(path) }, width: size.width, height: size.height });
    }
    const s = spriteScale;
    return [sheetIndex.get(path), x ?? rect.x / s, y ?? rect.y / s, rect.width / s, rect.height / s];
  }
  const manifestTab = new Map();   // the runtime's tab → the manifest's
  const entryAt = new Map();       // "<tab>/<entry number>" → index in the runtime tab's entries
  let deleteName = null;
  const tabs = M.tabs.map((tab, strip) => {
    const entries = [];
    let del = null;
    for (const page of tab.pages) {
      for (const button of page.buttons) {
        const frame = pageSheetSize;
        if (button.kind !== "emoticon") {
          if (!del) del = sprite(page.sheets[key], button.sprite && button.sprite[key], frame);
          if (deleteName === null) deleteName = button.name;
          continue;
        }
        const entry = { text: button.text || "", name: button.name, entry: button.entry,
          sprite: sprite(page.sheets[key], button.sprite && button.sprite[key], frame) };
        if (button.textTraditional) entry.cht = button.textTraditional;
        if (button.codePoints) entry.emoji = true;
        if (button.systemGlyph) entry.systemGlyph = true;
        if (button.keywords && button.keywords.length) entry.keywords = button.keywords;
        if (button.sends === "image") Object.assign(entry, { sends: "image", image: sheetURL(button.image) });
        if (button.pinyin && button.pinyin.length) entry.pinyin = button.pinyin;
        if (button.animation) {
          entry.animation = sheetURL(button.animation.path);
          entry.animationSize = { width: button.animation.width, height: button.animation.height, frames: button.animation.frames };
        }
        if (button.variants) {
          entry.variants = button.variants.map((v) => {
            const variant = { text: v.text, name: v.name,
              sprite: sprite(v.sheet && v.sheet[key], v.sprite && v.sprite[key], v.sheet && variantSheetSize.get(v.sheet[key])) };
            if (v.systemGlyph) variant.systemGlyph = true;
            return variant;
          });
        }
        entryAt.set(tab.id + "/" + button.entry, entries.length);
        entries.push(entry);
      }
    }
    // A tab's icon: its square of the tab-icon strip (one square per tab of the manifest, in order).
    const icon = tab.icon && tab.icon.sheets[key]
      ? sprite(tab.icon.sheets[key], { width: tab.icon.size * spriteScale, height: tab.icon.size * spriteScale },
        { width: tab.icon.size * M.tabs.length, height: tab.icon.size }, strip * tab.icon.size, 0)
      : null;
    const result = { id: tab.id, title: tab.title, kind: tab.kind, displayOnly: tab.displayOnly, icon, delete: del, entries };
    manifestTab.set(result, tab);
    return result;
  });
  const grid = M.grid, metrics = M.metrics, insets = grid.insets || {};
  const E = createEmokit({
    version: M.generator && M.generator.version, lang: document.documentElement.lang, deleteName, colors: M.colors, sheets, tabs,
    layout: { columns: grid.columns, rows: grid.rows, perPage: grid.emoticonsPerPage, rowHeight: grid.cellHeight, iconSize: grid.iconSize,
      insets: [insets.top || 0, insets.left || 0, insets.bottom || 0, insets.right || 0], columnSpacing: grid.columnSpacing || 0,
      rowSpacing: grid.rowSpacing || 0, gridHeight, pageControlHeight: metrics.pageControlHeight, tabBarHeight: metrics.tabBarHeight,
      keyboardHeight: metrics.keyboardHeight, gridTop: metrics.gridTop, pageControlTop: metrics.pageControlTop, tabBarTop: metrics.tabBarTop,
      snapToPixels: snapped, scale: spriteScale },
  }, location.href);

  // A tab's pages as the manifest has them: its sheet as the picture (srcset; a snapped layout
  // shows the sheet whose frames the keys use) and the keys at the manifest's frames.
  function pages(tab) {
    const largest = scales[scales.length - 1];
    return manifestTab.get(tab).pages.map((page) => ({
      index: page.index,
      sheet: { src: sheetURL(page.sheets[String(snapped ? spriteScale : largest)]), width: String(W), height: String(gridHeight),
        srcset: snapped ? undefined : scales.filter((s) => page.sheets[String(s)]).map((s) => sheetURL(page.sheets[String(s)]) + " " + s + "x").join(", ") },
      keys: page.buttons.map((button) => ({ kind: button.kind, entry: entryAt.get(tab.id + "/" + button.entry), cell: button.index,
        frame: frameOf(button), row: button.row, column: button.column, name: button.name })),
    }));
  }
  // The frame of a cell of recents and search results, as the manifest computes it: columns from
  // the left inset (at the scale shown), rows from the top inset, with the layout's spacing.
  function cellFrame(cell) {
    const cols = grid.columns, cw = columnsAt.cellWidth, ch = grid.cellHeight;
    const c = cell % cols, r = Math.floor(cell / cols);
    return { x: columnsAt.left + c * (cw + (grid.columnSpacing || 0)), y: (insets.top || 0) + r * (ch + (grid.rowSpacing || 0)), width: cw, height: ch };
  }

  // ------------------------------------------------------------------ the screen
  const phone = document.getElementById("phone");
  const messages = h("ul", { id: "messages", class: "messages", "aria-label": label("messages", "Messages") });
  const input = h("input", { id: "compose-text", type: "text", placeholder: label("placeholder", "Comments"), autocomplete: "off", "aria-label": label("message", "Message") });
  const toggle = h("button", { id: "keyboard-toggle", type: "button", "aria-label": label("toSystem", "Switch to system keyboard"), "aria-pressed": "true", text: "⌨" });
  const send = h("button", { id: "send", type: "button", text: label("send", "Send") });
  const composer = h("div", { class: "composer", style: { height: px(M.metrics.toolbarHeight) } }, [input, toggle, send]);
  const systemKeyboard = h("div", { class: "system-keyboard", id: "system-keyboard", "aria-label": label("systemKeyboard", "System keyboard (placeholder)"),
    style: { height: px(M.metrics.keyboardHeight) } });
  for (const ch of "QWERTYUIOPASDFGHJKL⇧ZXCVBNM⌫") systemKeyboard.appendChild(h("span", { text: ch }));
  const keyboardArea = h("div", { class: "keyboard-area", id: "keyboard-area", "data-mode": "emoticon" });
  // The manifest's colours, light and dark, for the placeholder system keyboard (preview.css).
  const colorVariables = { background: "--keyboard-background", tabBarBackground: "--tab-bar-background" };
  for (const [name, variable] of Object.entries(colorVariables)) {
    if (M.colors[name]) phone.style.setProperty(variable, M.colors[name]);
    if (M.colors.dark && M.colors.dark[name]) phone.style.setProperty(variable + "-dark", M.colors.dark[name]);
  }
  phone.append(messages, composer, keyboardArea);
  // The phone frame is a phone's screen (19.5:9, as iPhones since the X), and the keyboard is
  // docked at its bottom as the system keyboard sits; the messages take the rest.
  phone.classList.add("docked");
  // A wider frame (landscape, iPad) keeps the keyboard and some messages above it.
  const phoneHeight = (width) => (width <= 500 ? Math.round((width * 19.5) / 9) : M.metrics.toolbarHeight + M.metrics.keyboardHeight + 260);
  phone.style.height = px(phoneHeight(W));

  // ------------------------------------------------------------------ the keyboard
  // Emokit.mountKeyboard with the manifest's frames and sheets, the page's labels and ids, the
  // phone as the place of the magnifier and the skin-tone picker. One Recent list per output
  // folder (its URL path), shared by that output's widths.
  const searchable = tabs.some((tab) => !tab.displayOnly && tab.entries.some((entry) => entry.text));
  // A page can open at another width: preview/375.html#834.
  const asked = Number((/^#(\d{3,4})$/.exec(location.hash) || [])[1]);
  const startWidth = anyWidth && asked >= MIN_WIDTH && asked <= MAX_WIDTH ? asked : W;
  // A sticker types nothing: it is posted as its picture.
  const sendSticker = (sticker) => {
    messages.appendChild(h("li", { class: "message sticker" }, [h("img", { src: sticker.image, alt: sticker.name })]));
    messages.scrollTop = messages.scrollHeight;
  };
  const keyboard = E.mountKeyboard(keyboardArea, { onInsert: insert, onDelete: deleteBackward, onImage: sendSticker }, Object.assign({
    width: startWidth, labels: L, ids: true, overlay: phone, search: searchable, layoutName: M.layout || "classic",
    storageKey: new URL(root, location.href).pathname, arrowKeys: () => keyboardArea.dataset.mode === "emoticon",
  }, anyWidth ? {} : { pages, cellFrame }));
  keyboardArea.appendChild(systemKeyboard);
  if (anyWidth) resizableFrame(startWidth);

  // ------------------------------------------------------------------ the resizable frame
  // Any-width sheets serve every width: a slider (and a device list) sets the phone frame's width
  // from 320 to 1366 pt and the keyboard is laid out again at it, as an app does on rotation or in
  // split view.
  function resizableFrame(start) {
    const slider = h("input", { type: "range", id: "frame-width", min: String(MIN_WIDTH), max: String(MAX_WIDTH), step: "1", value: String(start) });
    const shown = h("output", { id: "frame-width-value", for: "frame-width" });
    const presets = h("select", { id: "frame-preset", "aria-label": label("devices", "Devices") },
      [h("option", { value: "", text: label("devices", "Devices") })].concat(DEVICE_WIDTHS.map(([group, widths]) =>
        h("optgroup", { label: label(group, group) }, widths.map((w) => h("option", { value: String(w), text: label("points", "%d pt", w) }))))));
    const controls = h("div", { class: "frame-controls", id: "frame-controls" },
      [h("label", { for: "frame-width", text: label("frameWidth", "Keyboard width") }), slider, shown, presets]);
    // In the page's header (a landmark), under its title and the generated widths.
    const header = document.querySelector(".topbar");
    if (header) header.appendChild(controls);
    else phone.parentNode.insertBefore(controls, phone);
    const title = document.querySelector(".page-title");
    function setWidth(width) {
      width = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round(Number(width) || W)));
      phone.style.width = px(width);
      phone.style.height = px(phoneHeight(width));
      phone.dataset.width = String(width);
      slider.value = String(width);
      slider.setAttribute("aria-valuetext", label("points", "%d pt", width));
      shown.textContent = label("points", "%d pt", width);
      presets.value = presets.querySelector(`option[value="${width}"]`) ? String(width) : "";
      if (title) title.textContent = label("pageTitle", "%d pt preview", width);
      keyboard.setWidth(width);
    }
    slider.addEventListener("input", () => setWidth(slider.value));
    presets.addEventListener("change", () => { if (presets.value) setWidth(presets.value); });
    setWidth(start);
  }

  // ------------------------------------------------------------------ text editing
  function insert(text) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.setRangeText(text, start, end, "end");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Removes the token before the caret (Emokit.deleteBackward): a whole emoticon ([哈哈]), else
  // one grapheme cluster, so flags, keycaps, skin tones and ZWJ families go in one press.
  function deleteBackward() {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    if (start !== end) { input.setRangeText("", start, end, "end"); return; }
    if (!start) return;
    const after = E.deleteBackward(input.value, start);
    input.setRangeText("", after.caret, start, "end");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // ------------------------------------------------------------------ toolbar
  toggle.addEventListener("click", () => {
    // The toolbar's keyboard button: swap the emoticon keyboard and the system one, animated.
    const toSystem = keyboardArea.dataset.mode === "emoticon";
    keyboardArea.dataset.mode = toSystem ? "system" : "emoticon";
    toggle.textContent = toSystem ? "☺" : "⌨";
    toggle.setAttribute("aria-pressed", String(!toSystem));
    toggle.setAttribute("aria-label", toSystem ? label("toEmoticons", "Switch to emoticon keyboard") : label("toSystem", "Switch to system keyboard"));
    if (toSystem) input.focus();
  });

  send.addEventListener("click", () => {
    const text = input.value;
    if (!text) return;
    const li = h("li", { class: "message" });
    // Emokit.render: emoticons 1.25 em wide on the text's baseline, the rest text; `.token` is
    // the preview's name for a drawn emoticon.
    const fragment = E.render(text);
    for (const image of fragment.querySelectorAll(".emkit-inline")) image.classList.add("token");
    li.appendChild(fragment);
    messages.appendChild(li);
    messages.scrollTop = messages.scrollHeight;
    input.value = "";
  });
})();
