// The keyboard (follows Templates/emoticons.js in web/emoticons.js and the preview's
// assets/emoticons.js: the one keyboard of both): the search field, pages that swipe (scroll
// snapping) with page dots and arrow keys, the tab bar with a Recent tab, delete, a magnifier on
// hover or long press (the GIF when there is one), the skin-tone picker whose choice each emoji
// remembers, system glyphs, light and dark. Keys sit on the layout's frames: the manifest's grid
// at the element's width, or the frames a page gives (the preview's, over its page sheet).

function mountKeyboard(element, handlers, options) {
  const on = handlers || {};
  const opt = options || {};
  const layout = DATA.layout;
  const labels = Object.assign({}, Core.LABELS[DATA.lang] || Core.LABELS.en, opt.labels || {});
  const text = (key, n) => String(labels[key] || "").replace("%d", n === undefined ? "" : String(n));
  Core.injectStyle(opt);
  const tabs = DATA.tabs.filter((tab) => !tab.displayOnly);
  const deleteSprite = (DATA.tabs.find((tab) => tab.delete) || {}).delete || null;
  const px = (v) => v + "px";
  const id = (name) => (opt.ids ? name : null);
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
  // One Recent list and one set of remembered skin tones per site (the page's `siteId`, else one
  // for the origin), whatever folder or CDN path the script is served from, so a new release at
  // a new path keeps them.
  const store = opt.storageKey || "emokit:" + (opt.siteId || "default");
  const RECENT_KEY = "emokit-recent:" + store, VARIANT_KEY = "emokit-variants:" + store;

  // ---------------------------------------------------------------- the parts
  const root = h("div", { class: "emkit-keyboard", role: "group", "aria-label": text("keyboard"), lang: DATA.lang });
  const searchable = opt.search !== undefined ? opt.search : tabs.some((tab) => tab.kind && tab.kind !== "image");
  const searchInput = h("input", { type: "search", id: id("emoji-search"), class: "emkit-search", placeholder: text("search"),
    "aria-label": text("search"), autocomplete: "off", enterkeyhint: "search" });
  const searchBar = h("div", { class: "emkit-search-bar", id: id("search-bar"), role: "search" }, [searchInput]);
  const pages = h("div", { class: "emkit-pages", id: id("pages"), tabindex: "0", "aria-label": text("pages") });
  const dots = h("div", { class: "emkit-dots", id: id("page-dots") });
  // The tab bar: the tabs (a tablist) and, when there is onSend, the Send button beside them.
  const tablist = h("div", { class: "emkit-tabs", role: "tablist", "aria-label": text("keyboard") });
  const tabbar = h("div", { class: "emkit-tabbar", id: id("tabbar") }, [tablist]);
  const board = h("div", { class: "emkit-board", id: id("emoticon-keyboard"), "data-layout": opt.layoutName || "classic" }, [pages, dots, tabbar]);
  const overlay = opt.overlay || root;
  const magnifier = h("div", { class: "emkit-pop emkit-magnifier", id: id("magnifier"), hidden: "" });
  const picker = h("div", { class: "emkit-pop emkit-picker", id: id("variant-picker"), role: "dialog", hidden: "" });
  if (searchable) root.appendChild(searchBar);
  root.appendChild(board);
  overlay.append(magnifier, picker);
  element.appendChild(root);

  // The theme (Templates/keyboard-theme.js): on the keyboard and its pop-ups.
  const theme = keyboardTheme([root, magnifier, picker], opt.theme);

  let width = 0, currentTab = null, tabBeforeSearch = null;
  const gridTop = layout.gridTop || 0;
  const pageControlTop = layout.pageControlTop ?? gridTop + layout.gridHeight;
  const tabBarTop = layout.tabBarTop ?? pageControlTop + layout.pageControlHeight;
  function place() {
    width = opt.width || element.clientWidth || 320;
    board.style.height = px(layout.keyboardHeight);
    Object.assign(pages.style, { width: px(width), height: px(layout.gridHeight), top: px(gridTop) });
    Object.assign(dots.style, { height: px(layout.pageControlHeight), top: px(pageControlTop) });
    Object.assign(tabbar.style, { height: px(layout.tabBarHeight), top: px(tabBarTop) });
  }

  // The scale frames snap to and icons are placed at, unless the page says: the screen's among
  // the sheets' scales (the smallest at or above its device pixel ratio, else the largest), as
  // image-set picks the sheet, so a 3x screen gets the manifest's frames["3"].
  const scale = opt.scale || (() => {
    const ratio = (typeof window !== "undefined" && window.devicePixelRatio) || 1;
    const scales = (DATA.scales || [layout.scale || 1]).slice().sort((a, b) => a - b);
    return scales.find((s) => s >= ratio - 1e-6) || scales[scales.length - 1];
  })();
  const geometry = keyboardGeometry(layout, scale);
  // A cell's frame at the current width (Templates/keyboard-layout.js), or the page's own.
  const cellFrame = (cell) => (opt.cellFrame ? opt.cellFrame(cell) : geometry.cellFrame(cell, width));
  // Where a sprite is drawn in its key: centred, on a whole device pixel (keyboard-layout.js).
  function iconPlace(frame, sprite) {
    const offset = geometry.iconOffset(frame, sprite);
    return { position: "absolute", left: px(offset.left), top: px(offset.top) };
  }
  // A tab's pages: the ones the page gives (`opt.pages`), else the entries a page at a time with
  // delete in the last cell.
  function tabPages(tab) {
    if (opt.pages) return opt.pages(tab);
    const list = [];
    const last = layout.columns * layout.rows - 1;
    for (let start = 0, p = 0; start < tab.entries.length; start += layout.perPage, p++) {
      const keys = tab.entries.slice(start, start + layout.perPage).map((entry, cell) => ({ kind: "emoticon", entry: start + cell, cell }));
      keys.push({ kind: "delete", cell: last });
      list.push({ index: p, keys });
    }
    return list;
  }

  // ---------------------------------------------------------------- keys
  // A found entry is {tab, index, entry} or, for a skin-tone variant, also {variant}.
  const itemOf = (found) => found.variant || found.entry;
  const entryId = (found) => String(found.entry.entry ?? found.index);
  function sprite(found, size) {
    const item = itemOf(found);
    if (!item.sprite) return null;
    const span = h("span", { class: "emkit-token" + (found.entry.class && !found.variant ? " emk " + found.entry.class : "") });
    Core.spriteStyle(span, item.sprite, (size || 1) * item.sprite[3], "px");
    return span;
  }
  // An emoji left to the system font (systemGlyph) has no sprite: its text in the icon's box.
  function systemGlyph(found) {
    const item = itemOf(found);
    if (!item.systemGlyph && item.sprite) return null;
    const size = layout.iconSize;
    return h("span", { class: "emkit-token emkit-system-glyph", "aria-hidden": "true", text: item.text, style: { position: "absolute", left: "50%", top: "50%",
      transform: "translate(-50%, -50%)", width: px(size), height: px(size), fontSize: px(size * 0.8), lineHeight: px(size), textAlign: "center" } });
  }

  function keyButton(attrs, frame) {
    const key = h("button", Object.assign({ class: "emkit-key", type: "button" }, attrs));
    Object.assign(key.style, { left: px(frame.x), top: px(frame.y), width: px(frame.width), height: px(frame.height) });
    return key;
  }
  // An emoticon key; `drawn`: the page's sheet already shows its picture.
  function entryKey(found, cell, frame, attrs, drawn) {
    const item = itemOf(found);
    const key = keyButton(Object.assign({ "data-kind": "emoticon", "data-tab": found.tab.id, "data-entry": entryId(found), "data-index": String(cell),
      "aria-label": item.name, title: item.name, "data-text": item.text }, attrs), frame);
    const glyph = systemGlyph(found);
    if (glyph) key.appendChild(glyph);
    else if (!drawn) {
      key.classList.add("emkit-sprite-key");
      const s = sprite(found);
      if (s) { Object.assign(s.style, iconPlace(frame, item.sprite)); key.appendChild(s); }
    }
    attachMagnifier(key, found);
    if (!found.variant && found.entry.variants && found.entry.variants.length) {
      attachVariantPicker(key, found);
      showChosenFace(key, found);
    }
    return key;
  }
  function deleteKey(tabId, cell, frame, drawnSprite) {
    const key = keyButton({ "data-kind": "delete", "data-tab": tabId, "data-index": String(cell), "aria-label": DATA.deleteName || text("delete") }, frame);
    const s = drawnSprite === false ? null : drawnSprite || deleteSprite;
    if (s) {
      const span = h("span", { class: "emkit-token" });
      Core.spriteStyle(span, s, s[3], "px");
      Object.assign(span.style, iconPlace(frame, s));
      key.appendChild(span);
    } else if (drawnSprite !== false) {
      key.textContent = "⌫";
    }
    return key;
  }

  // ---------------------------------------------------------------- pages
  const pageElement = (index, attrs) => h("div", Object.assign({ class: "emkit-page", "data-page": String(index),
    "aria-label": text("page", index + 1), role: "group", style: { width: px(width), height: px(layout.gridHeight) } }, attrs || {}));

  function showTab(tabId) {
    const tab = tabId === "recent" ? null : tabs.find((t) => t.id === tabId) || tabs[0];
    currentTab = tab ? tab.id : "recent";
    for (const b of tabbar.querySelectorAll(".emkit-tab")) b.setAttribute("aria-selected", String(b.dataset.tab === currentTab));
    pages.textContent = "";
    if (!tab) {
      pages.appendChild(recentPage());
      paging.showFirst(1);
    } else {
      const list = tabPages(tab);
      for (const page of list) {
        const el = pageElement(page.index);
        if (page.sheet) el.appendChild(h("img", Object.assign({ class: "emkit-sheet", alt: "" }, page.sheet)));
        for (const k of page.keys) {
          const frame = k.frame || cellFrame(k.cell);
          const attrs = { "data-row": String(k.row ?? Math.floor(k.cell / layout.columns)), "data-column": String(k.column ?? k.cell % layout.columns) };
          if (k.kind === "delete") {
            const key = deleteKey(tab.id, k.cell, frame, page.sheet ? false : tab.delete);
            if (page.sheet) key.setAttribute("aria-label", k.name || DATA.deleteName || text("delete"));
            Object.entries(attrs).forEach(([a, v]) => key.setAttribute(a, v));
            el.appendChild(key);
          } else {
            el.appendChild(entryKey({ tab, index: k.entry, entry: tab.entries[k.entry] }, k.cell, frame, attrs, !!page.sheet));
          }
        }
        pages.appendChild(el);
      }
      if (!list.length) pages.appendChild(pageElement(0, {}).appendChild(h("p", { class: "emkit-empty", text: text("noEntries") })).parentNode);
      paging.showFirst(Math.max(1, list.length));
    }
  }

  // Page dots, swiping and arrow keys (Templates/keyboard-paging.js); arrow keys while the
  // keyboard is in use (`opt.arrowKeys`: the page says when).
  const paging = keyboardPaging({ pages, dots, picker, h, text, width: () => width,
    inUse: () => (opt.arrowKeys ? opt.arrowKeys() : root.contains(document.activeElement)) });

  // ---------------------------------------------------------------- tabs
  function tabButton(tab, title) {
    const b = h("button", { class: "emkit-tab", type: "button", role: "tab", "data-tab": tab ? tab.id : "recent", "aria-selected": "false" });
    if (tab && tab.icon) {
      const icon = h("span", { class: "emkit-tab-icon" + (tab.iconClass ? " emk " + tab.iconClass : ""), "aria-hidden": "true" });
      Core.spriteStyle(icon, tab.icon, tab.icon[3], "px");
      b.appendChild(icon);
    }
    b.appendChild(h("span", { class: "emkit-tab-title", text: title }));
    b.addEventListener("click", () => { clearSearch(); showTab(b.dataset.tab); });
    tablist.appendChild(b);
  }
  function drawTabs() {
    tablist.textContent = "";
    tabbar.querySelectorAll(".emkit-send").forEach((b) => b.remove());
    tabs.forEach((tab) => tabButton(tab, tab.title));
    tabButton(null, text("recent"));
    if (on.onSend) {
      const send = h("button", { class: "emkit-send", type: "button", text: text("send") });
      send.addEventListener("click", () => on.onSend());
      tabbar.appendChild(send);
    }
  }

  // ---------------------------------------------------------------- recent
  // Recent: what was used, by tab and text (Templates/keyboard-recent.js).
  const recentList = keyboardRecent(RECENT_KEY, itemOf);
  const remember = recentList.remember;

  function recentPage() {
    const el = pageElement(0);
    const recent = recentList.found().slice(0, layout.perPage);
    recent.forEach((found, cell) => el.appendChild(entryKey(found, cell, cellFrame(cell), { "data-recent": "true" }, false)));
    const last = layout.columns * layout.rows - 1;
    el.appendChild(deleteKey("recent", last, cellFrame(last)));
    if (!recent.length) el.appendChild(h("p", { class: "emkit-empty", text: text("noRecent") }));
    return el;
  }

  // ---------------------------------------------------------------- inserting
  function insert(found) {
    remember(found);
    // A sticker types nothing: the page gets it (an `emoticonimage` event, `onImage`) and sends
    // its picture, the file `image` (Output.md, "Image entries").
    if (found.entry.sends === "image" && !found.variant) {
      const detail = { tab: found.tab.id, entry: found.entry, name: found.entry.name, image: Core.url(found.entry.image) };
      element.dispatchEvent(new CustomEvent("emoticonimage", { detail, bubbles: true }));
      if (on.onImage) on.onImage(detail);
      return;
    }
    const inserted = itemOf(found).text;
    if (input) input.insert(inserted);
    else if (on.onInsert) on.onInsert(inserted);
  }
  const click = (event) => {
    const key = event.target.closest && event.target.closest(".emkit-key");
    if (!key || !root.contains(key)) return;
    if (key.dataset.kind === "delete") {
      if (input) input.deleteBackward();
      else if (on.onDelete) on.onDelete();
      return;
    }
    const found = key.emkFound;
    if (found) insert(key.dataset.recent ? found : chosen(found));
  };
  root.addEventListener("click", click);
  // With an input attached (attachInput, Templates/keyboard-input.js), a key pressed with the
  // mouse leaves the focus, caret and selection where they are.
  let input = null;
  const keepFocus = (event) => { if (input && event.target.closest && event.target.closest(".emkit-key, .emkit-dot, .emkit-tab")) event.preventDefault(); };
  root.addEventListener("mousedown", keepFocus);

  const popups = keyboardPopups({ layout, overlay, magnifier, picker, pages, h, px, sprite, systemGlyph, itemOf, insert, VARIANT_KEY });
  const { attachMagnifier, attachVariantPicker, showChosenFace, closePicker, chosen } = popups;
  const hideTransient = () => { closePicker(); magnifier.hidden = true; };

  // ---------------------------------------------------------------- search
  // Results (Emokit.search) fill pages of the same grid, with the delete key in its place;
  // clearing the field or choosing a tab leaves the search.
  function showSearch(results) {
    if (currentTab !== "search") tabBeforeSearch = currentTab;
    currentTab = "search";
    for (const b of tabbar.querySelectorAll(".emkit-tab")) b.setAttribute("aria-selected", "false");
    pages.textContent = "";
    pages.dataset.view = "search";
    pages.setAttribute("aria-label", text("results"));
    const perPage = layout.perPage, last = layout.columns * layout.rows - 1;
    const pageCount = Math.max(1, Math.ceil(results.length / perPage));
    for (let p = 0; p < pageCount; p++) {
      const el = pageElement(p, { "data-search": "true" });
      results.slice(p * perPage, (p + 1) * perPage).forEach((found, cell) =>
        el.appendChild(entryKey(found, cell, cellFrame(cell), { "data-search-result": "true" }, false)));
      el.appendChild(deleteKey("search", last, cellFrame(last)));
      if (!results.length) el.appendChild(h("p", { class: "emkit-empty", text: text("none") }));
      pages.appendChild(el);
    }
    paging.showFirst(pageCount);
  }
  function clearSearch() {
    if (searchInput.value) searchInput.value = "";
    delete pages.dataset.view;
    pages.setAttribute("aria-label", text("pages"));
  }
  searchInput.addEventListener("input", () => {
    closePicker();
    if (searchInput.value.trim()) {
      showSearch(Core.search(searchInput.value).map((r) => {
        const tab = DATA.tabs.find((t) => t.id === r.tab);
        return { tab, index: tab.entries.indexOf(r.entry), entry: r.entry };
      }));
      return;
    }
    const back = tabBeforeSearch;
    clearSearch();
    if (currentTab === "search") showTab(back);
  });
  // Typing in the search field must not page the keyboard.
  searchInput.addEventListener("keydown", (e) => e.stopPropagation());

  // ---------------------------------------------------------------- drawing
  function draw() {
    place();
    drawTabs();
    if (currentTab === "search" && searchInput.value.trim()) searchInput.dispatchEvent(new Event("input"));
    else showTab(currentTab && currentTab !== "search" ? currentTab : tabs.length ? tabs[0].id : "recent");
  }
  draw();
  let drawnWidth = width;
  // Laid out again at a new width on the page it showed (rotation, a resized element or frame).
  const relayout = () => { const page = paging.current; draw(); drawnWidth = width; paging.goTo(page); };
  // Follows the element's width until the page sets one (`setWidth`).
  const resize = !opt.width && typeof ResizeObserver === "function"
    ? new ResizeObserver(() => { if (!opt.width && (element.clientWidth || 320) !== drawnWidth) relayout(); }) : null;
  if (resize) resize.observe(element);
  return {
    /** Lays the keyboard out again at `newWidth` CSS px (a page that sizes it itself, as the preview's resizable frame). */
    setWidth(newWidth) {
      opt.width = newWidth;
      relayout();
    },
    /** The theme: "light", "dark" or "auto" (the system's). */
    setTheme(value) { theme.set(value); },
    get theme() { return theme.get(); },
    /** Binds the keyboard to a text field, at its caret, on its undo stack (Templates/keyboard-input.js). */
    attachInput(target, inputOptions) {
      if (input) input.detach();
      input = keyboardInput(target, inputOptions || {}, { root, text, onChange: () => { input = null; } });
      return input.handle;
    },
    show() { root.hidden = false; if (input) input.sync(); },
    hide() { root.hidden = true; hideTransient(); if (input) input.sync(); },
    get visible() { return !root.hidden; },
    destroy() {
      if (input) input.detach();
      theme.destroy();
      root.removeEventListener("mousedown", keepFocus);
      if (resize) resize.disconnect();
      root.removeEventListener("click", click);
      paging.destroy();
      popups.destroy();
      magnifier.remove();
      picker.remove();
      root.remove();
    },
  };
}

const Emokit = Object.freeze({
  tokenize: Core.tokenize,
  render: Core.render,
  deleteBackward: Core.deleteBackward,
  mountKeyboard,
  search: Core.search,
  data: DATA,
  version: DATA.version,
});
