// The keyboard's pop-ups (follows Templates/keyboard-paging.js in the runtime): the magnifier a key shows
// on hover or long press (the GIF, playing, when the entry has one) and the skin-tone picker,
// whose choice each emoji remembers. `k` is what they need of mountKeyboard's keyboard.

function keyboardPopups(k) {
  const { layout, overlay, magnifier, picker, pages, h, px, sprite, systemGlyph, itemOf, insert, VARIANT_KEY } = k;
  const LONG_PRESS_MS = 400;
  let pickerFor = null;

  // The text a tap inserts: the remembered skin tone of this emoji, else the emoji itself.
  function loadChoices() {
    try {
      const map = JSON.parse(localStorage.getItem(VARIANT_KEY) || "{}");
      return map && typeof map === "object" && !Array.isArray(map) ? map : {};
    } catch (e) { return {}; }
  }
  function chosen(found) {
    if (found.variant || !found.entry.variants) return found;
    const text = loadChoices()[found.entry.text];
    const variant = found.entry.variants.find((v) => v.text === text);
    return variant ? Object.assign({}, found, { variant }) : found;
  }

  // ---------------------------------------------------------------- magnifier
  function attachMagnifier(key, found) {
    key.emkFound = found;
    let timer = null;
    const show = () => {
      magnifier.textContent = "";
      const animation = found.entry.animation;
      if (animation && !found.variant) {
        // The animated version, as apps show it on long press: the GIF, playing, at twice the
        // icon's size (its aspect kept).
        const size = found.entry.animationSize || { width: 1, height: 1, frames: 1 };
        const side = layout.iconSize * 2, fit = Math.min(side / size.width, side / size.height);
        magnifier.appendChild(h("img", { class: "emkit-big emkit-animation", alt: "", src: new URL(animation, new URL(".", SCRIPT_URL)).href,
          "data-frames": String(size.frames), width: String(Math.round(size.width * fit)), height: String(Math.round(size.height * fit)) }));
      } else {
        const big = sprite(found, 2);
        if (big) { big.classList.add("emkit-big"); magnifier.appendChild(big); }
      }
      magnifier.appendChild(h("div", { class: "emkit-name", text: found.entry.name }));
      magnifier.hidden = false;
      const k = key.getBoundingClientRect(), p = overlay.getBoundingClientRect();
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

  // ---------------------------------------------------------------- skin tones
  // A long press (or the context menu: right click, Shift+F10) on an emoji with skin tones opens
  // the picker above it; the choice is inserted and remembered per emoji, so the key then shows
  // and inserts that tone, as iOS does.
  function showChosenFace(key, found) {
    const old = key.querySelector(".emkit-variant-face");
    if (old) old.remove();
    const choice = chosen(found);
    key.dataset.chosen = itemOf(choice).text;
    key.dataset.text = itemOf(choice).text;
    if (!choice.variant) return;
    const face = sprite(choice);
    if (face) { face.classList.add("emkit-variant-face"); face.setAttribute("aria-hidden", "true"); key.appendChild(face); }
  }
  function attachVariantPicker(key, found) {
    key.dataset.variants = String(found.entry.variants.length);
    key.setAttribute("aria-haspopup", "dialog");
    let timer = null, opened = false;
    key.addEventListener("pointerdown", (e) => {
      if (e.button !== undefined && e.button !== 0) return;
      opened = false;
      clearTimeout(timer);
      timer = setTimeout(() => { opened = true; openPicker(key, found); }, LONG_PRESS_MS);
    });
    const cancel = () => clearTimeout(timer);
    key.addEventListener("pointerup", cancel);
    key.addEventListener("pointerleave", cancel);
    key.addEventListener("pointercancel", cancel);
    // The click that ends a long press only opens the picker; it inserts nothing.
    key.addEventListener("click", (e) => { if (opened) { opened = false; e.stopImmediatePropagation(); e.preventDefault(); } }, true);
    key.addEventListener("contextmenu", (e) => { e.preventDefault(); clearTimeout(timer); openPicker(key, found); });
  }
  function openPicker(key, found) {
    magnifier.hidden = true;
    picker.textContent = "";
    pickerFor = { key, found };
    picker.setAttribute("aria-label", found.entry.name);
    const current = itemOf(chosen(found)).text;
    const options = [found].concat(found.entry.variants.map((variant) => Object.assign({}, found, { variant })));
    // 25 variants (two people, two tones) as a 5 x 5 grid under the untoned emoji, else one row.
    picker.dataset.layout = found.entry.variants.length === 25 ? "grid" : "row";
    for (const option of options) {
      const item = itemOf(option);
      const b = h("button", { class: "emkit-variant-option", type: "button", "data-text": item.text, "aria-label": item.name, title: item.name,
        "aria-current": String(item.text === current) });
      const face = sprite(option);
      if (face) b.appendChild(face);
      else if (systemGlyph(option)) b.appendChild(systemGlyph(option));
      b.addEventListener("click", (e) => { e.stopPropagation(); choose(found, option); });
      picker.appendChild(b);
    }
    picker.hidden = false;
    const k = key.getBoundingClientRect(), p = overlay.getBoundingClientRect();
    const mw = picker.offsetWidth, mh = picker.offsetHeight;
    picker.style.left = px(Math.max(0, Math.min(overlay.clientWidth - mw, k.left - p.left + k.width / 2 - mw / 2)));
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
  function choose(found, option) {
    const map = loadChoices();
    if (option.variant) map[found.entry.text] = option.variant.text; else delete map[found.entry.text];
    try { localStorage.setItem(VARIANT_KEY, JSON.stringify(map)); } catch (e) { /* storage off */ }
    insert(option);
    const key = pickerFor && pickerFor.key;
    closePicker();
    // Every key of this emoji (its page and a search result) follows the choice.
    for (const other of pages.querySelectorAll(".emkit-key[data-variants]")) {
      if (other.emkFound && other.emkFound.tab === found.tab && other.emkFound.index === found.index) showChosenFace(other, other.emkFound);
    }
    if (key && !pages.contains(key)) showChosenFace(key, found);
  }
  const outside = (e) => { if (!picker.hidden && !picker.contains(e.target)) closePicker(); };
  const pickerKeys = (e) => {
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
  };
  document.addEventListener("pointerdown", outside, true);
  document.addEventListener("keydown", pickerKeys, true);
  const destroy = () => {
    document.removeEventListener("pointerdown", outside, true);
    document.removeEventListener("keydown", pickerKeys, true);
  };
  return { attachMagnifier, attachVariantPicker, showChosenFace, closePicker, chosen, destroy };

}
