// The keyboard of the web runtime (follows Templates/emoticons.js in web/emoticons.js): tab bar,
// pages that swipe (scroll snapping) with page dots, delete, recents, emoji search, the skin-tone
// picker, light and dark. Laid out with the manifest's grid: its columns, rows and keys a page
// at any width, the cells sharing what the insets leave.

function mountKeyboard(element, handlers) {
  const on = handlers || {};
  const layout = DATA.layout;
  const labels = Core.LABELS[DATA.lang] || Core.LABELS.en;
  Core.injectStyle();
  const tabs = DATA.tabs.filter((tab) => !tab.displayOnly && tab.entries.length);
  const hasEmoji = tabs.some((tab) => tab.kind !== "image");
  let recents = loadRecents();
  let current = tabs.length ? 0 : -1; // -1: recents
  const root = document.createElement("div");
  root.className = "emk-keyboard";
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", labels.keyboard);
  root.lang = DATA.lang;
  let search = null;
  if (hasEmoji) {
    search = document.createElement("input");
    search.type = "search";
    search.className = "emk-search";
    search.placeholder = labels.search;
    search.setAttribute("aria-label", labels.search);
    search.addEventListener("input", () => draw());
    root.appendChild(search);
  }
  const pages = document.createElement("div");
  pages.className = "emk-pages";
  const dots = document.createElement("div");
  dots.className = "emk-dots";
  // The tab bar: the tabs (a tablist) and, when there is onSend, the Send button beside them.
  const footer = document.createElement("div");
  footer.className = "emk-tabbar";
  const bar = document.createElement("div");
  bar.className = "emk-tabs";
  bar.setAttribute("role", "tablist");
  bar.setAttribute("aria-label", labels.keyboard);
  footer.appendChild(bar);
  root.append(pages, dots, footer);
  element.appendChild(root);

  function loadRecents() {
    try { return JSON.parse(localStorage.getItem("emokit.recents") || "[]").filter((t) => typeof t === "string"); } catch (e) { return []; }
  }
  function remember(text) {
    recents = [text].concat(recents.filter((t) => t !== text)).slice(0, layout.perPage);
    try { localStorage.setItem("emokit.recents", JSON.stringify(recents)); } catch (e) { /* private mode: recents last the page */ }
  }

  function key(found) {
    const entry = found.variant || found.entry;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "emk-key";
    button.dataset.kind = "emoticon";
    button.dataset.text = entry.text;
    button.setAttribute("aria-label", entry.name);
    if (entry.sprite) {
      const sprite = document.createElement("span");
      sprite.className = "emk-sprite" + (found.entry.class && !found.variant ? " emk " + found.entry.class : "");
      Core.spriteStyle(sprite, entry.sprite, layout.iconSize, "px");
      button.appendChild(sprite);
    } else {
      button.textContent = entry.text;
    }
    if (!found.variant && found.entry.variants && found.entry.variants.length) {
      button.setAttribute("aria-haspopup", "true");
      let timer = null;
      button.addEventListener("pointerdown", () => { timer = setTimeout(() => { timer = "shown"; picker(button, found); }, 450); });
      const cancel = () => { if (timer && timer !== "shown") clearTimeout(timer); };
      button.addEventListener("pointerup", cancel);
      button.addEventListener("pointerleave", cancel);
      button.addEventListener("contextmenu", (event) => { event.preventDefault(); picker(button, found); });
      button.addEventListener("click", (event) => { if (timer === "shown") { timer = null; event.stopImmediatePropagation(); } }, true);
    }
    return button;
  }

  function picker(anchor, found) {
    root.querySelectorAll(".emk-picker").forEach((p) => p.remove());
    const box = document.createElement("div");
    box.className = "emk-picker";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", labels.tones);
    [found].concat(found.entry.variants.map((variant) => ({ tab: found.tab, entry: found.entry, variant }))).forEach((f) => box.appendChild(key(f)));
    root.style.position = root.style.position || "relative";
    box.style.left = Math.max(0, anchor.offsetLeft - 8) + "px";
    box.style.top = Math.max(0, anchor.offsetTop - layout.rowHeight) + "px";
    root.appendChild(box);
    const first = box.querySelector("button");
    if (first) first.focus();
  }

  function deleteKey(tab) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "emk-key";
    button.dataset.kind = "delete";
    const name = DATA.deleteName || "⌫";
    button.setAttribute("aria-label", DATA.deleteName || "Delete");
    const sprite = tab && tab.delete;
    if (sprite) {
      const span = document.createElement("span");
      span.className = "emk-sprite emk " + tab.deleteClass;
      Core.spriteStyle(span, sprite, Math.min(layout.iconSize, sprite[3]), "px");
      button.appendChild(span);
    } else {
      button.textContent = name;
    }
    return button;
  }

  // The current view's entries: search results, recents, or the tab's entries.
  function entries() {
    const query = search && search.value.trim();
    if (query) return Core.search(query).map((r) => ({ tab: DATA.tabs.find((t) => t.id === r.tab), entry: r.entry }));
    if (current < 0) return recents.map((text) => Core.tokenize(text)[0]).filter((s) => s && s.emoticon).map((s) => s.emoticon);
    return tabs[current].entries.map((entry) => ({ tab: tabs[current], entry }));
  }

  function draw() {
    const width = element.clientWidth || root.clientWidth || 320;
    const [top, left, bottom, right] = layout.insets;
    const cell = (width - left - right - (layout.columns - 1) * layout.columnSpacing) / layout.columns;
    const list = entries();
    const perPage = layout.perPage;
    const count = Math.max(1, Math.ceil(list.length / perPage));
    pages.replaceChildren();
    pages.style.height = layout.gridHeight + "px";
    for (let p = 0; p < count; p++) {
      const page = document.createElement("div");
      page.className = "emk-page";
      page.setAttribute("aria-label", labels.page.replace("%d", p + 1));
      page.setAttribute("role", "group");
      page.style.padding = `${top}px ${right}px ${bottom}px ${left}px`;
      page.style.gridTemplateColumns = `repeat(${layout.columns}, ${cell}px)`;
      page.style.gridAutoRows = layout.rowHeight + "px";
      page.style.columnGap = layout.columnSpacing + "px";
      page.style.rowGap = layout.rowSpacing + "px";
      const slice = list.slice(p * perPage, (p + 1) * perPage);
      slice.forEach((found) => page.appendChild(key(found)));
      if (!list.length && p === 0) {
        const empty = document.createElement("p");
        empty.className = "emk-empty";
        empty.textContent = labels.none;
        page.appendChild(empty);
      }
      // The delete key sits in the grid's last cell, as on the phone.
      const del = deleteKey(current >= 0 ? tabs[current] : tabs[0]);
      del.style.gridRow = String(layout.rows);
      del.style.gridColumn = String(layout.columns);
      page.appendChild(del);
      pages.appendChild(page);
    }
    dots.replaceChildren();
    dots.style.height = layout.pageControlHeight + "px";
    if (count > 1) {
      for (let p = 0; p < count; p++) {
        const dot = document.createElement("button");
        dot.type = "button";
        dot.className = "emk-dot";
        dot.setAttribute("aria-label", labels.page.replace("%d", p + 1));
        dot.setAttribute("aria-current", p === 0 ? "true" : "false");
        dot.addEventListener("click", () => { pages.scrollTo({ left: p * pages.clientWidth }); });
        dots.appendChild(dot);
      }
    }
    pages.scrollLeft = 0;
    drawTabs();
  }

  function drawTabs() {
    bar.replaceChildren();
    footer.querySelectorAll(".emk-send").forEach((b) => b.remove());
    footer.style.height = layout.tabBarHeight + "px";
    const tab = (label, index, icon) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "emk-tab";
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", String(index === current));
      button.setAttribute("aria-label", label);
      if (icon && icon.icon) {
        const span = document.createElement("span");
        span.className = "emk-sprite emk " + icon.iconClass;
        Core.spriteStyle(span, icon.icon, 24, "px");
        button.appendChild(span);
      } else {
        button.textContent = index < 0 ? "🕘" : label;
      }
      button.addEventListener("click", () => { current = index; if (search) search.value = ""; draw(); });
      bar.appendChild(button);
    };
    tab(labels.recent, -1, null);
    tabs.forEach((t, index) => tab(t.title, index, t));
    if (on.onSend) {
      const send = document.createElement("button");
      send.type = "button";
      send.className = "emk-send";
      send.textContent = labels.send;
      send.addEventListener("click", () => on.onSend());
      footer.appendChild(send);
    }
  }

  const click = (event) => {
    const button = event.target.closest && event.target.closest(".emk-key");
    if (!button || !root.contains(button)) return;
    if (button.dataset.kind === "delete") {
      if (on.onDelete) on.onDelete();
      return;
    }
    root.querySelectorAll(".emk-picker").forEach((p) => p.remove());
    remember(button.dataset.text);
    if (on.onInsert) on.onInsert(button.dataset.text);
  };
  const scroll = () => {
    const index = Math.round(pages.scrollLeft / Math.max(1, pages.clientWidth));
    dots.querySelectorAll(".emk-dot").forEach((dot, i) => dot.setAttribute("aria-current", String(i === index)));
  };
  root.addEventListener("click", click);
  pages.addEventListener("scroll", scroll, { passive: true });
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => draw()) : null;
  draw();
  if (resize) resize.observe(element);
  return {
    destroy() {
      if (resize) resize.disconnect();
      root.removeEventListener("click", click);
      pages.removeEventListener("scroll", scroll);
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
