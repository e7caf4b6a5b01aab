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

  // ------------------------------------------------------------------ index of emoticons
  const byText = new Map();      // text → {tab, page, button}
  let deleteSprite = null;       // {page, button} to draw the delete key on the recent page
  for (const tab of M.tabs) {
    for (const page of tab.pages) {
      for (const button of page.buttons) {
        if (button.kind === "delete" && !deleteSprite) deleteSprite = { tab, page, button };
        if (button.kind === "emoticon" && button.text && !byText.has(button.text)) byText.set(button.text, { tab, page, button });
        // Skin-tone variants are tokens too (messages draw them from the variants sheets).
        for (const variant of button.variants || []) {
          if (!byText.has(variant.text)) byText.set(variant.text, { tab, page, button, variant });
        }
      }
    }
  }
  const variantSheetSize = new Map();   // variants sheet path → {width, height} in points
  for (const tab of M.tabs) {
    for (const sheet of tab.variantSheets || []) for (const path of Object.values(sheet.sheets)) variantSheetSize.set(path, sheet);
  }
  const tokensLongestFirst = Array.from(byText.keys()).sort((a, b) => b.length - a.length);

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
  // render in messages (byText above covers every tab).
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

  // An emoticon in a message is 1.25 em wide: a little over the text's cap height, so that it
  // reads as part of the line, as in chat apps (not the keyboard's 32 pt beside 17 px text).
  const MESSAGE_EM = 1.25;
  const messageFontSize = () => parseFloat(getComputedStyle(messages).fontSize) || 17;

  // Emoticon tokens become their sprite images; all other text stays text.
  function renderMessage(text, into) {
    let i = 0, plain = "";
    const flush = () => { if (plain) { into.appendChild(document.createTextNode(plain)); plain = ""; } };
    outer: while (i < text.length) {
      for (const token of tokensLongestFirst) {
        if (text.startsWith(token, i)) {
          const ref = byText.get(token);
          // Sized to the message's text (1.25 em, as a chat app sizes an emoticon beside
          // its text), and set on its baseline by preview.css (.token's vertical-align).
          const rect = ref.variant ? ref.variant.sprite[String(spriteScale)] : ref.button.sprite[String(spriteScale)];
          const style = rect && spriteStyle(ref, (MESSAGE_EM * messageFontSize()) / (rect.width / spriteScale));
          if (style) {
            flush();
            into.appendChild(h("span", { class: "token", role: "img", "aria-label": refName(ref), title: token, "data-text": token, style }));
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
  // Pinyin (the manifest's ["xiaolian", "xl"] for 笑脸) is searched at the start of the whole, of
  // the initials, or of any syllable ("lian" finds 笑脸). The syllables' starts are found again
  // here: the split whose parts begin with the initials in order and are each a pinyin syllable.
  const SYLLABLE = /^(?:(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|uai|ian|iao|uan|van|ai|ei|ao|ou|an|en|in|un|vn|ia|ie|iu|ua|uo|ui|ue|ve|er|a|e|i|o|u|v)|hm|hng|ng|m|n)$/;
  function syllableStarts(whole, initials) {
    function split(at, k) {
      if (k === initials.length) return at === whole.length ? [] : null;
      if (whole[at] !== initials[k]) return null;
      for (let end = Math.min(whole.length, at + 6); end > at; end--) {
        if (!SYLLABLE.test(whole.slice(at, end))) continue;
        const rest = split(end, k + 1);
        if (rest) return [at].concat(rest);
      }
      return null;
    }
    return (initials.length <= 32 && split(0, 0)) || [0];
  }
  const searchIndex = [];
  const indexed = new Set();
  for (const tab of M.tabs) {
    if (tab.displayOnly) continue;
    for (const page of tab.pages) {
      for (const button of page.buttons) {
        if (button.kind !== "emoticon" || !button.text || indexed.has(button.text)) continue;
        indexed.add(button.text);
        const words = [button.name].concat(button.keywords || []).filter(Boolean).map((w) => w.toLowerCase());
        const pinyin = button.pinyin && button.pinyin.length === 2
          ? { whole: button.pinyin[0], initials: button.pinyin[1], starts: syllableStarts(button.pinyin[0], button.pinyin[1]) }
          : null;
        searchIndex.push({ ref: { tab, page, button }, words, pinyin });
      }
    }
  }
  const searchInput = h("input", { type: "search", id: "emoji-search", class: "emoji-search", placeholder: TEXT.search,
    "aria-label": TEXT.search, autocomplete: "off", enterkeyhint: "search" });
  const searchBar = h("div", { class: "search-bar", id: "search-bar", role: "search" }, [searchInput]);
  if (searchIndex.length) keyboardArea.insertBefore(searchBar, emoticonKeyboard);
  let tabBeforeSearch = null;

  // Best first: a whole keyword or name, then a whole pinyin or its initials, then a name,
  // keyword or pinyin that starts with the query, then the rest (a word's or syllable's start);
  // equal ranks keep the keyboard's order. Each word of the query must start a word of the name
  // or a keyword ("cat" finds "cat face", never "flag: Vatican City"); Chinese and Japanese
  // characters start a word each, so those queries match anywhere ("笑脸" finds "大笑脸").
  const WORD_CHAR = /[\p{L}\p{N}]/u;
  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  function startsAWord(word, term) {
    for (let at = word.indexOf(term); at >= 0; at = word.indexOf(term, at + 1)) {
      if (at === 0 || CJK.test(String.fromCodePoint(word.codePointAt(at))) || !WORD_CHAR.test(word[at - 1])) return true;
    }
    return false;
  }
  function search(query) {
    const q = query.trim().toLowerCase();
    if (!q) return null;
    const terms = q.split(/\s+/);
    // Pinyin is typed without tones, spaces or apostrophes ("xiao lian", "xi'an").
    const p = /^[a-z\s']+$/.test(q) ? q.replace(/[\s']+/g, "") : "";
    const ranked = [];
    searchIndex.forEach((item, order) => {
      const py = p && item.pinyin;
      let rank = 4;
      if (item.ref.button.text === query.trim() || item.words.includes(q)) rank = 0;
      else if (py && (py.whole === p || py.initials === p)) rank = 1;
      else if (item.words.some((w) => w.startsWith(q)) || (py && (py.whole.startsWith(p) || py.initials.startsWith(p)))) rank = 2;
      else if (terms.every((t) => item.words.some((w) => startsAWord(w, t))) || (py && py.starts.some((at) => py.whole.startsWith(p, at)))) rank = 3;
      if (rank < 4) ranked.push({ rank, order, ref: item.ref });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
    return ranked.map((r) => r.ref);
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
