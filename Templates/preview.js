// emokit preview: the seed's compose screen driven by the manifest embedded in the page.
// Everything works offline from file://: the data is inline, no fetch, no external resource.
// Data is only ever inserted with textContent / attributes, never as HTML.
(function () {
  "use strict";
  const dataElement = document.getElementById("emokit-data");
  if (!dataElement) return;
  const M = JSON.parse(dataElement.textContent);
  // Every label in the run's language (PreviewLabels; the page's lang says which).
  const labelsElement = document.getElementById("emokit-labels");
  const L = labelsElement ? JSON.parse(labelsElement.textContent) : {};
  const label = (key, fallback, n) => (L[key] || fallback).replace("%d", n === undefined ? "" : String(n));
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

  // ------------------------------------------------------------------ sheets
  let deleteSprite = null;       // {page, button} to draw the delete key on the recent page
  for (const tab of M.tabs) {
    for (const page of tab.pages) {
      for (const button of page.buttons) if (button.kind === "delete" && !deleteSprite) deleteSprite = { tab, page, button };
    }
  }
  const variantSheetSize = new Map();   // variants sheet path → {width, height} in points
  for (const tab of M.tabs) {
    for (const sheet of tab.variantSheets || []) for (const path of Object.values(sheet.sheets)) variantSheetSize.set(path, sheet);
  }

  // A ref is {tab, page, button} or, for a skin-tone variant, {tab, page, button, variant}: the
  // variant's picture is in its tab's variants sheet, whose size the manifest gives.
  function spriteStyle(ref, zoom) {
    const s = spriteScale, z = zoom || 1;
    const rect = ref.variant ? ref.variant.sprite[String(s)] : ref.button.sprite[String(s)];
    const sheet = ref.variant ? ref.variant.sheet[String(s)] : ref.page.sheets[String(s)];
    if (!rect || !sheet) return null;
    const size = ref.variant ? variantSheetSize.get(sheet) : { width: W, height: gridHeight };
    if (!size) return null;
    return {
      width: px((rect.width / s) * z), height: px((rect.height / s) * z),
      backgroundImage: "url(\"" + sheetURL(sheet) + "\")",
      backgroundSize: px(size.width * z) + " " + px(size.height * z),
      backgroundPosition: px((-rect.x / s) * z) + " " + px((-rect.y / s) * z),
    };
  }

  // An emoji the app leaves to the system font (systemGlyph, --system-emoji) has no sprite: the
  // preview writes its text in the icon's box, as the app would.
  function systemGlyph(ref) {
    const item = ref.variant || ref.button;
    if (!item.systemGlyph) return null;
    const size = M.grid.iconSize;
    return h("span", { class: "token system-glyph", "aria-hidden": "true", text: item.text, style: { position: "absolute", left: "50%", top: "50%",
      transform: "translate(-50%, -50%)", width: px(size), height: px(size), fontSize: px(size * 0.8), lineHeight: px(size), textAlign: "center" } });
  }

  // ------------------------------------------------------------------ the shared runtime
  // The web runtime's code (assets/emoticons.js, the same code as web/emoticons.js) tokenizes,
  // renders, deletes and searches here, with data made from this page's manifest: every entry of
  // every tab (display-only groups too), its sprite in its page's sheet or its tab's variants
  // sheet at the scale shown, in CSS px. `refOf` leads back from an entry to its button.
  const refOf = new Map();
  const E = (() => {
    const sheets = [], sheetIndex = new Map(), key = String(spriteScale);
    const sprite = (path, rect, size) => {
      if (!path || !rect || !size) return null;
      if (!sheetIndex.has(path)) {
        sheetIndex.set(path, sheets.length);
        sheets.push({ paths: { [key]: sheetURL(path) }, width: size.width, height: size.height });
      }
      const s = spriteScale;
      return [sheetIndex.get(path), rect.x / s, rect.y / s, rect.width / s, rect.height / s];
    };
    const tabs = M.tabs.map((tab) => {
      const entries = [];
      for (const page of tab.pages) {
        for (const button of page.buttons) {
          if (button.kind !== "emoticon") continue;
          const entry = { text: button.text || "", name: button.name,
            sprite: sprite(page.sheets[key], button.sprite && button.sprite[key], { width: W, height: gridHeight }) };
          if (button.textTraditional) entry.cht = button.textTraditional;
          if (button.codePoints) entry.emoji = true;
          if (button.keywords && button.keywords.length) entry.keywords = button.keywords;
          if (button.pinyin && button.pinyin.length) entry.pinyin = button.pinyin;
          if (button.variants) {
            entry.variants = button.variants.map((v) => ({ text: v.text, name: v.name,
              sprite: sprite(v.sheet && v.sheet[key], v.sprite && v.sprite[key], v.sheet && variantSheetSize.get(v.sheet[key])) }));
          }
          refOf.set(entry, { tab, page, button });
          entries.push(entry);
        }
      }
      return { id: tab.id, title: tab.title, kind: tab.kind, displayOnly: tab.displayOnly, entries };
    });
    const data = { version: M.generator && M.generator.version, lang: document.documentElement.lang, colors: M.colors, sheets, tabs };
    return createEmokit(data, location.href);
  })();

  // ------------------------------------------------------------------ the screen
  const phone = document.getElementById("phone");
  const messages = h("ul", { id: "messages", class: "messages", "aria-label": label("messages", "Messages") });
  const input = h("input", { id: "compose-text", type: "text", placeholder: label("placeholder", "Comments"), autocomplete: "off", "aria-label": label("message", "Message") });
  const toggle = h("button", { id: "keyboard-toggle", type: "button", "aria-label": label("toSystem", "Switch to system keyboard"), "aria-pressed": "true", text: "⌨" });
  const send = h("button", { id: "send", type: "button", text: label("send", "Send") });
  const composer = h("div", { class: "composer", style: { height: px(M.metrics.toolbarHeight) } }, [input, toggle, send]);

  // The keyboard's parts sit where the layout puts them (the weibo grid starts 5 pt down and
  // its page control overlaps the grid's last 5 pt), not merely stacked.
  const pages = h("div", { class: "pages", id: "pages", tabindex: "0", "aria-label": label("pages", "Emoticon pages"),
    style: { width: px(W), height: px(gridHeight), top: px(gridTop) } });
  const dots = h("div", { class: "dots", id: "page-dots", style: { height: px(M.metrics.pageControlHeight), top: px(pageControlTop) } });
  const tabbar = h("div", { class: "tabbar", id: "tabbar", role: "tablist", style: { height: px(M.metrics.tabBarHeight), top: px(tabBarTop) } });
  const emoticonKeyboard = h("div", { class: "emoticon-keyboard", id: "emoticon-keyboard", "data-layout": M.layout || "classic",
    style: { height: px(M.metrics.keyboardHeight) } }, [pages, dots, tabbar]);
  const systemKeyboard = h("div", { class: "system-keyboard", id: "system-keyboard", "aria-label": label("systemKeyboard", "System keyboard (placeholder)"),
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
  // The phone frame is a phone's screen (19.5:9, as iPhones since the X), and the keyboard is
  // docked at its bottom as the system keyboard sits; the messages take the rest.
  phone.classList.add("docked");
  phone.style.height = px(Math.round((W * 19.5) / 9));

  // ------------------------------------------------------------------ tabs and pages
  let currentTab = null;
  let pageCount = 0;
  let currentPage = 0;

  // Display-only groups (YYKit's display_only) are not keyboard tabs; their emoticons still
  // render in messages (the runtime's data has every tab).
  const tabs = M.tabs.map((t, i) => ({ id: t.id, title: t.title, pages: t.pages, icon: t.icon, strip: i, displayOnly: t.displayOnly }))
    .filter((t) => !t.displayOnly);
  tabs.push({ id: "recent", title: label("recent", "Recent"), pages: null });

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
    b.addEventListener("click", () => { clearSearch(); showTab(tab.id); });
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
        const ref = { tab: M.tabs.find((t) => t.id === tabId), page, button };
        const glyph = systemGlyph(ref);
        if (glyph) key.appendChild(glyph);
        key.addEventListener("click", () => insert(chosenText(ref), recentItemFor(ref, chosenText(ref))));
        attachMagnifier(key, ref);
        if (button.variants && button.variants.length) {
          attachVariantPicker(key, ref);
          showChosenFace(key, ref);
        }
      } else {
        key.addEventListener("click", deleteBackward);
      }
      el.appendChild(key);
    }
    return el;
  }

  // One dot per page (pageCount), then the first page shown.
  function showFirstPage() {
    dots.textContent = "";
    for (let i = 0; i < pageCount; i++) {
      const d = h("button", { class: "dot", type: "button", "data-page-dot": String(i), "aria-label": label("page", "Page %d", i + 1) });
      d.addEventListener("click", () => goToPage(i));
      dots.appendChild(d);
    }
    pages.scrollLeft = 0;
    setCurrentPage(0);
  }

  // A recent or sent emoticon's name: the skin-tone variant's own name when one was used.
  function refName(ref) { return ref.variant ? ref.variant.name : ref.button.name; }

  function recentPageElement() {
    const el = h("div", { class: "page", "data-page": "0", style: { width: px(W), height: px(gridHeight) } });
    const recent = loadRecent();
    recent.forEach((item, cell) => {
      const ref = recentRef(item);
      if (!ref) return;
      const frame = cellFrame(cell);
      const key = keyButton({ "data-kind": "emoticon", "data-tab": item.tab, "data-index": String(cell), "data-recent": "true",
        "aria-label": refName(ref), title: refName(ref) }, frame);
      key.classList.add("sprite-key");
      const style = spriteStyle(ref);
      if (style) {
        const icon = h("span", { class: "token", style: Object.assign(style, { position: "absolute",
          left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) });
        key.appendChild(icon);
      }
      key.addEventListener("click", () => insert(refText(ref), item));
      attachMagnifier(key, ref);
      el.appendChild(key);
    });
    const last = M.grid.columns * M.grid.rows - 1;
    const frame = cellFrame(last);
    const del = keyButton({ "data-kind": "delete", "data-tab": "recent", "data-index": String(last),
      "aria-label": deleteSprite ? deleteSprite.button.name : label("delete", "Delete") }, frame);
    if (deleteSprite) {
      const style = spriteStyle(deleteSprite);
      if (style) del.appendChild(h("span", { class: "token", style: Object.assign(style, { position: "absolute", left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) }));
    }
    del.addEventListener("click", deleteBackward);
    el.appendChild(del);
    if (recent.length === 0) el.appendChild(h("p", { class: "empty-note", text: label("noRecent", "Emoticons you use appear here.") }));
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

  // A recent item ({tab, entry, text}) as a ref: the variant it was, when it was one.
  function recentRef(item) {
    const ref = findEntry(item.tab, item.entry);
    if (!ref || !item.text || item.text === ref.button.text) return ref;
    const variant = (ref.button.variants || []).find((v) => v.text === item.text);
    return variant ? Object.assign({}, ref, { variant }) : ref;
  }
  const refText = (ref) => (ref.variant ? ref.variant.text : ref.button.text);

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
        [h("p", { class: "empty-note", text: label("noEntries", "This pack has no emoticons.") })]));
      pageCount = 1;
    } else {
      for (const page of tab.pages) pages.appendChild(pageElement(tab.id, page));
      pageCount = tab.pages.length;
    }
    showFirstPage();
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

  // ------------------------------------------------------------------ recent
  function loadRecent() {
    try {
      const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(list) ? list.filter((i) => i && typeof i.tab === "string" && Number.isInteger(i.entry) &&
        (i.text === undefined || typeof i.text === "string")) : [];
    } catch (e) { return []; }
  }
  function remember(item) {
    // A skin-tone variant is its own recent (👍🏽 and 👍🏿 both stay), as on iOS.
    const list = loadRecent().filter((i) => !(i.tab === item.tab && i.entry === item.entry && (i.text || null) === (item.text || null)));
    list.unshift(item.text ? { tab: item.tab, entry: item.entry, text: item.text } : { tab: item.tab, entry: item.entry });
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
    toggle.setAttribute("aria-label", toSystem ? label("toEmoticons", "Switch to emoticon keyboard") : label("toSystem", "Switch to system keyboard"));
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

  // Messages are drawn by Emokit.render: emoticons 1.25 em wide on the text's baseline (a little
  // over the text's cap height, as in chat apps), the rest text. `.token` is the preview's name
  // for a drawn emoticon.
  function renderMessage(text, into) {
    const fragment = E.render(text);
    for (const image of fragment.querySelectorAll(".emk-inline")) image.classList.add("token");
    into.appendChild(fragment);
  }

  // ------------------------------------------------------------------ skin-tone variants
  // A long press (or the context menu: right click, Shift+F10) on an emoji with skin tones opens
  // the picker above it; the choice is inserted and remembered per emoji (localStorage), so the
  // key then shows and inserts that tone, as iOS does.
  const VARIANT_KEY = RECENT_KEY.replace(/^emokit-recent/, "emokit-variants");
  const LONG_PRESS_MS = 400;
  const picker = h("div", { class: "variant-picker", id: "variant-picker", role: "dialog", hidden: "" });
  phone.appendChild(picker);
  let pickerFor = null;

  function loadChoices() {
    try {
      const map = JSON.parse(localStorage.getItem(VARIANT_KEY) || "{}");
      return map && typeof map === "object" && !Array.isArray(map) ? map : {};
    } catch (e) { return {}; }
  }
  // The text a tap inserts: the remembered variant of this emoji, else the emoji itself.
  function chosenText(ref) {
    const chosen = loadChoices()[ref.button.text];
    return (ref.button.variants || []).some((v) => v.text === chosen) ? chosen : ref.button.text;
  }
  function chosenRef(ref) {
    const text = chosenText(ref);
    const variant = (ref.button.variants || []).find((v) => v.text === text);
    return variant ? Object.assign({}, ref, { variant }) : ref;
  }
  function recentItemFor(ref, text) {
    return text === ref.button.text ? { tab: ref.tab.id, entry: ref.button.entry } : { tab: ref.tab.id, entry: ref.button.entry, text };
  }
  function rememberChoice(ref, text) {
    const map = loadChoices();
    const key = ref.button.text;
    if (text === ref.button.text) delete map[key]; else map[key] = text;
    try { localStorage.setItem(VARIANT_KEY, JSON.stringify(map)); } catch (e) { /* storage off */ }
  }

  // A key whose emoji has a remembered tone covers the sheet's picture with that tone's.
  function showChosenFace(key, ref) {
    const old = key.querySelector(".variant-face");
    if (old) old.remove();
    const chosen = chosenRef(ref);
    key.dataset.chosen = refText(chosen);
    if (!chosen.variant) return;
    const style = spriteStyle(chosen);
    if (style) key.appendChild(h("span", { class: "variant-face token", "aria-hidden": "true", style }));
  }

  function attachVariantPicker(key, ref) {
    key.dataset.variants = String(ref.button.variants.length);
    key.setAttribute("aria-haspopup", "dialog");
    let timer = null, opened = false;
    key.addEventListener("pointerdown", (e) => {
      if (e.button !== undefined && e.button !== 0) return;
      opened = false;
      clearTimeout(timer);
      timer = setTimeout(() => { opened = true; openPicker(key, ref); }, LONG_PRESS_MS);
    });
    const cancel = () => clearTimeout(timer);
    key.addEventListener("pointerup", cancel);
    key.addEventListener("pointerleave", cancel);
    key.addEventListener("pointercancel", cancel);
    // The click that ends a long press only opens the picker; it inserts nothing.
    key.addEventListener("click", (e) => { if (opened) { opened = false; e.stopImmediatePropagation(); e.preventDefault(); } }, true);
    key.addEventListener("contextmenu", (e) => { e.preventDefault(); clearTimeout(timer); openPicker(key, ref); });
  }

  function openPicker(key, ref) {
    magnifier.hidden = true;
    picker.textContent = "";
    pickerFor = { key, ref };
    picker.setAttribute("aria-label", ref.button.name);
    const current = chosenText(ref);
    const options = [ref].concat(ref.button.variants.map((variant) => Object.assign({}, ref, { variant })));
    // 25 variants (two people, two tones) as a 5 x 5 grid under the untoned emoji, else one row.
    picker.dataset.layout = ref.button.variants.length === 25 ? "grid" : "row";
    for (const option of options) {
      const text = refText(option);
      const name = option.variant ? option.variant.name : option.button.name;
      const b = h("button", { class: "variant-option", type: "button", "data-text": text, "aria-label": name, title: name,
        "aria-current": String(text === current) });
      const style = spriteStyle(option);
      if (style) b.appendChild(h("span", { class: "token", style }));
      else if (systemGlyph(option)) b.appendChild(systemGlyph(option));
      b.addEventListener("click", (e) => { e.stopPropagation(); choose(ref, text); });
      picker.appendChild(b);
    }
    picker.hidden = false;
    const k = key.getBoundingClientRect(), p = phone.getBoundingClientRect();
    const mw = picker.offsetWidth, mh = picker.offsetHeight;
    picker.style.left = px(Math.max(0, Math.min(phone.clientWidth - mw, k.left - p.left + k.width / 2 - mw / 2)));
    picker.style.top = px(Math.max(0, k.top - p.top - mh - 4));
    const selected = picker.querySelector('[aria-current="true"]') || picker.firstChild;
    if (selected) selected.focus({ preventScroll: true });
  }

  function closePicker() {
    if (picker.hidden) return;
    picker.hidden = true;
    const previous = pickerFor;
    pickerFor = null;
    if (previous && document.activeElement && picker.contains(document.activeElement)) previous.key.focus({ preventScroll: true });
  }

  function choose(ref, text) {
    rememberChoice(ref, text);
    insert(text, recentItemFor(ref, text));
    const key = pickerFor && pickerFor.key;
    closePicker();
    if (key) showChosenFace(key, ref);
    // Other keys of the same emoji (its page and a search result) follow the choice.
    for (const other of pages.querySelectorAll('.key[data-variants][data-tab="' + CSS.escape(ref.tab.id) + '"][data-entry="' + ref.button.entry + '"]')) {
      if (other !== key) showChosenFace(other, ref);
    }
  }

  document.addEventListener("pointerdown", (e) => { if (!picker.hidden && !picker.contains(e.target)) closePicker(); }, true);
  document.addEventListener("keydown", (e) => {
    if (picker.hidden) return;
    if (e.key === "Escape") { closePicker(); e.preventDefault(); }
    else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      const buttons = Array.from(picker.children);
      const at = buttons.indexOf(document.activeElement);
      const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === "ArrowRight" ? 1 : -1)))];
      if (next) next.focus();
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  // ------------------------------------------------------------------ search
  // An <input type="search"> above the keyboard filters every emoticon of every tab by its name
  // and keywords (CLDR, in the manifest's language) as you type; results fill pages of the same
  // grid, with the delete key in its place.
  const TEXT = { search: label("search", "Search"), none: label("none", "Nothing found"), results: label("results", "Search results") };
  // Emokit.search ranks the entries (name, keywords, text, pinyin with its syllables).
  const searchable = E.data.tabs.some((tab) => !tab.displayOnly && tab.entries.some((entry) => entry.text));
  const searchInput = h("input", { type: "search", id: "emoji-search", class: "emoji-search", placeholder: TEXT.search,
    "aria-label": TEXT.search, autocomplete: "off", enterkeyhint: "search" });
  const searchBar = h("div", { class: "search-bar", id: "search-bar", role: "search" }, [searchInput]);
  if (searchable) keyboardArea.insertBefore(searchBar, emoticonKeyboard);
  let tabBeforeSearch = null;

  function search(query) {
    if (!query.trim()) return null;
    return E.search(query).map((found) => refOf.get(found.entry)).filter(Boolean);
  }

  function searchPageElement(results, pageIndex) {
    const el = h("div", { class: "page", "data-page": String(pageIndex), "data-search": "true", style: { width: px(W), height: px(gridHeight) } });
    const perPage = M.grid.emoticonsPerPage;
    results.slice(pageIndex * perPage, (pageIndex + 1) * perPage).forEach((ref, cell) => {
      const key = keyButton({ "data-kind": "emoticon", "data-tab": ref.tab.id, "data-entry": String(ref.button.entry),
        "data-index": String(cell), "data-search-result": "true", "aria-label": ref.button.name, title: ref.button.name }, cellFrame(cell));
      key.classList.add("sprite-key");
      const style = spriteStyle(ref);
      if (style) key.appendChild(h("span", { class: "token", style: Object.assign(style, { position: "absolute", left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) }));
      else if (systemGlyph(ref)) key.appendChild(systemGlyph(ref));
      key.addEventListener("click", () => insert(chosenText(ref), recentItemFor(ref, chosenText(ref))));
      attachMagnifier(key, ref);
      if (ref.button.variants && ref.button.variants.length) {
        attachVariantPicker(key, ref);
        showChosenFace(key, ref);
      }
      el.appendChild(key);
    });
    const last = M.grid.columns * M.grid.rows - 1;
    const del = keyButton({ "data-kind": "delete", "data-tab": "search", "data-index": String(last), "aria-label": label("delete", "Delete") }, cellFrame(last));
    if (deleteSprite) {
      const style = spriteStyle(deleteSprite);
      if (style) del.appendChild(h("span", { class: "token", style: Object.assign(style, { position: "absolute", left: "50%", top: "50%", transform: "translate(-50%, -50%)" }) }));
    }
    del.addEventListener("click", deleteBackward);
    el.appendChild(del);
    if (results.length === 0) el.appendChild(h("p", { class: "empty-note", text: TEXT.none }));
    return el;
  }

  function showSearch(results) {
    if (currentTab !== "search") tabBeforeSearch = currentTab;
    currentTab = "search";
    for (const b of tabbar.children) b.setAttribute("aria-selected", "false");
    pages.textContent = "";
    pages.dataset.view = "search";
    pages.setAttribute("aria-label", TEXT.results);
    pageCount = Math.max(1, Math.ceil(results.length / M.grid.emoticonsPerPage));
    for (let i = 0; i < pageCount; i++) pages.appendChild(searchPageElement(results, i));
    showFirstPage();
  }

  function clearSearch() {
    if (searchInput.value) searchInput.value = "";
    delete pages.dataset.view;
    pages.setAttribute("aria-label", label("pages", "Emoticon pages"));
  }

  searchInput.addEventListener("input", () => {
    closePicker();
    const results = search(searchInput.value);
    if (results) { showSearch(results); return; }
    const back = tabBeforeSearch;
    clearSearch();
    if (currentTab === "search") showTab(back || tabs[0].id);
  });
  // Typing in the search field must not page the keyboard.
  searchInput.addEventListener("keydown", (e) => e.stopPropagation());

  showTab(tabs[0].id);
})();
