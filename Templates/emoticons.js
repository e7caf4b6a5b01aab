// The web runtime's code (emokit writes it as web/emoticons.js and web/emoticons.mjs, with the
// keyboard's data in place of the marker below). One tokenizer for messages and the keyboard,
// the same rules as the Swift library's EmoticonKeyboard.segments(in:) (Tests/TokenSpec).
const DATA = /*EMOKIT_DATA*/null;

const Core = (() => {
  const base = new URL(".", SCRIPT_URL).href;
  const url = (path) => new URL(path, base).href;

  // Grapheme clusters: Intl.Segmenter where there is one, else code points (old browsers).
  const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  const graphemes = (text) => (segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text));

  // Shown as an emoji: a code point with emoji presentation, or a text-default emoji made emoji by
  // U+FE0F, a keycap, a skin tone or a ZWJ sequence (Character.isEmoji in the Swift library).
  const EMOJI = /\p{Emoji}/u, PRESENTATION = /\p{Emoji_Presentation}/u, MODIFIER = /\p{Emoji_Modifier}/u;
  function isEmoji(grapheme) {
    const points = Array.from(grapheme);
    if (!points.length || !EMOJI.test(points[0])) return false;
    if (PRESENTATION.test(points[0])) return true;
    return points.slice(1).some((p) => p === "\uFE0F" || p === "\u20E3" || p === "\u200D" || MODIFIER.test(p));
  }

  // Every keyboard text (chs, each skin-tone variant, then cht where no chs is the same) in a trie
  // over grapheme clusters, compared in NFC as Swift compares Characters.
  const exact = new Map();
  const traditional = [];
  DATA.tabs.forEach((tab) => tab.entries.forEach((entry) => {
    const found = { tab, entry, text: entry.text, name: entry.name, sprite: entry.sprite };
    if (entry.text && !exact.has(entry.text.normalize("NFC"))) exact.set(entry.text.normalize("NFC"), found);
    if (entry.cht) traditional.push([entry.cht.normalize("NFC"), found]);
    (entry.variants || []).forEach((v) => {
      if (v.text && !exact.has(v.text.normalize("NFC"))) exact.set(v.text.normalize("NFC"), { tab, entry, variant: v, text: v.text, name: v.name, sprite: v.sprite });
    });
  }));
  traditional.forEach(([text, found]) => { if (!exact.has(text)) exact.set(text, found); });
  const trie = { next: new Map(), end: null };
  exact.forEach((found, text) => {
    let node = trie;
    for (const g of graphemes(text)) {
      if (!node.next.has(g)) node.next.set(g, { next: new Map(), end: null });
      node = node.next.get(g);
    }
    node.end = found;
  });

  /** The text cut into segments: text, emoticons (the longest keyboard text at each point) and emoji (one grapheme each). */
  function tokenize(text) {
    text = String(text);
    const parts = graphemes(text), segments = [];
    let offset = 0, i = 0, pending = null;
    const flush = () => { if (pending) { segments.push(pending); pending = null; } };
    while (i < parts.length) {
      let node = trie, j = i, best = null, bestEnd = i;
      while (j < parts.length && (node = node.next.get(parts[j].normalize("NFC")))) {
        j += 1;
        if (node.end) { best = node.end; bestEnd = j; }
      }
      if (best) {
        flush();
        const piece = parts.slice(i, bestEnd).join("");
        const kind = best.entry.emoji || isEmoji(parts[i]) ? "emoji" : "emoticon";
        segments.push({ kind, text: piece, index: offset, tab: best.tab.id, name: best.name, emoticon: best });
        offset += piece.length; i = bestEnd;
        continue;
      }
      const g = parts[i];
      if (isEmoji(g)) {
        flush();
        segments.push({ kind: "emoji", text: g, index: offset });
      } else if (pending) {
        pending.text += g;
      } else {
        pending = { kind: "text", text: g, index: offset };
      }
      offset += g.length; i += 1;
    }
    flush();
    return segments;
  }

  /** The text with the one token before the caret (UTF-16 units) removed: a whole emoticon, a whole emoji or one grapheme. */
  function deleteBackward(text, caret) {
    text = String(text);
    caret = caret === undefined ? text.length : Math.max(0, Math.min(text.length, caret));
    const last = tokenize(text.slice(0, caret)).pop();
    if (!last) return { text, caret };
    const start = last.kind === "text" ? caret - graphemes(last.text).pop().length : last.index;
    return { text: text.slice(0, start) + text.slice(caret), caret: start };
  }

  // Search: an entry's name and keywords (CLDR, in the run's language), its text, and its pinyin
  // (["xiaolian", "xl"] for 笑脸), found at the start of the whole, of the initials, or of any
  // syllable ("lian" finds 笑脸). The syllables' starts are found again here: the split whose parts
  // begin with the initials in order and are each a pinyin syllable.
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
  // One item per keyboard text (the first tab that has it; a sticker, which has none, by its
  // picture), display-only groups left out.
  let searchIndex = null;
  function searchItems() {
    if (searchIndex) return searchIndex;
    searchIndex = [];
    const indexed = new Set();
    DATA.tabs.forEach((tab) => {
      if (tab.displayOnly) return;
      tab.entries.forEach((entry) => {
        const key = entry.text || entry.image;
        if (!key || indexed.has(key)) return;
        indexed.add(key);
        const words = [entry.name].concat(entry.keywords || []).filter(Boolean).map((w) => String(w).toLowerCase());
        const pinyin = entry.pinyin && entry.pinyin.length === 2
          ? { whole: entry.pinyin[0], initials: entry.pinyin[1], starts: syllableStarts(entry.pinyin[0], entry.pinyin[1]) }
          : null;
        searchIndex.push({ tab, entry, words, pinyin });
      });
    });
    return searchIndex;
  }
  // Each word of the query must start a word of the name or a keyword ("cat" finds "cat face",
  // never "flag: Vatican City"); Chinese and Japanese characters start a word each, so those
  // queries match anywhere ("笑脸" finds "大笑脸").
  const WORD_CHAR = /[\p{L}\p{N}]/u;
  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  function startsAWord(word, term) {
    for (let at = word.indexOf(term); at >= 0; at = word.indexOf(term, at + 1)) {
      if (at === 0 || CJK.test(String.fromCodePoint(word.codePointAt(at))) || !WORD_CHAR.test(word[at - 1])) return true;
    }
    return false;
  }

  /**
   * The entries `query` finds, best first: its text or a whole keyword or name, then a whole
   * pinyin or its initials, then a name, keyword or pinyin that starts with the query, then the
   * rest (a word's or syllable's start); equal ranks keep the keyboard's order.
   */
  function search(query) {
    const q = String(query || "").trim().toLowerCase();
    if (!q) return [];
    const terms = q.split(/\s+/);
    // Pinyin is typed without tones, spaces or apostrophes ("xiao lian", "xi'an").
    const p = /^[a-z\s']+$/.test(q) ? q.replace(/[\s']+/g, "") : "";
    const ranked = [];
    searchItems().forEach((item, order) => {
      const py = p && item.pinyin;
      let rank = 4;
      if (item.entry.text === String(query).trim() || item.words.includes(q)) rank = 0;
      else if (py && (py.whole === p || py.initials === p)) rank = 1;
      else if (item.words.some((w) => w.startsWith(q)) || (py && (py.whole.startsWith(p) || py.initials.startsWith(p)))) rank = 2;
      else if (terms.every((t) => item.words.some((w) => startsAWord(w, t))) || (py && py.starts.some((at) => py.whole.startsWith(p, at)))) rank = 3;
      if (rank < 4) ranked.push({ rank, order, item });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
    return ranked.map((r) => ({ tab: r.item.tab.id, entry: r.item.entry }));
  }

  // The sprite [sheet, x, y, width, height] (CSS px) drawn `size` wide, in `unit` (em or px).
  function spriteStyle(element, sprite, size, unit) {
    const sheet = DATA.sheets[sprite[0]], k = size / sprite[3];
    const set = Object.keys(sheet.paths).sort().map((s) => `url("${url(sheet.paths[s])}") ${s}x`).join(", ");
    element.style.backgroundImage = `url("${url(sheet.paths[Object.keys(sheet.paths).sort()[0]])}")`;
    element.style.backgroundImage = `image-set(${set})`;
    element.style.backgroundSize = `${sheet.width * k}${unit} ${sheet.height * k}${unit}`;
    element.style.backgroundPosition = `${-sprite[1] * k}${unit} ${-sprite[2] * k}${unit}`;
    element.style.width = `${size}${unit}`;
    element.style.height = `${sprite[4] * k}${unit}`;
  }

  /** The text as a DocumentFragment: text as text, emoticons as role="img" elements at the text's size, on its baseline. */
  function render(text, options) {
    injectStyle(options);
    const fragment = document.createDocumentFragment();
    for (const segment of tokenize(text)) {
      const found = segment.emoticon;
      if (segment.kind === "text" || !found || !found.sprite) {
        fragment.appendChild(document.createTextNode(segment.text));
        continue;
      }
      const image = document.createElement("span");
      image.className = "emkit-inline" + (found.entry.class && !found.variant ? " " + found.entry.class : "");
      image.setAttribute("role", "img");
      image.setAttribute("aria-label", found.name);
      image.title = found.name;
      image.dataset.text = segment.text;
      spriteStyle(image, found.sprite, 1.25, "em");
      if (options && options.animate && found.entry.animation && !found.variant) {
        image.style.backgroundImage = `url("${url(found.entry.animation)}")`;
        image.style.backgroundSize = "100% 100%";
        image.style.backgroundPosition = "0 0";
      }
      // The text itself, invisible, so that copying the message gives it back.
      const hidden = document.createElement("span");
      hidden.className = "emkit-copy";
      hidden.textContent = segment.text;
      image.appendChild(hidden);
      fragment.appendChild(image);
    }
    return fragment;
  }

  // The runtime's stylesheet (Templates/keyboard.css, also written as web/emoticons-keyboard.css)
  // with the run's colours. A page that links that file gets it from there; otherwise it is
  // adopted as a constructed stylesheet, which a Content-Security-Policy without 'unsafe-inline'
  // allows, and only where a browser has none, a <style> element (with `nonce` when given).
  const STYLE_TEMPLATE = /*EMOKIT_STYLE*/"";
  function styleText() {
    const c = DATA.colors, d = c.dark || c;
    return STYLE_TEMPLATE.replace(/\{\{(dark\.)?(\w+)\}\}/g, (_, dark, key) => String((dark ? d : c)[key] || ""));
  }
  let styled = false;
  function injectStyle(options) {
    const opt = options || {};
    if (opt.styles === false || styled || typeof document === "undefined") return;
    styled = true;
    if (getComputedStyle(document.documentElement).getPropertyValue("--emk-runtime-stylesheet").trim()) return;
    if (!opt.nonce && typeof CSSStyleSheet === "function" && "adoptedStyleSheets" in document) {
      try {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(styleText());
        document.adoptedStyleSheets = Array.from(document.adoptedStyleSheets).concat([sheet]);
        return;
      } catch (e) { /* an older browser: the <style> below */ }
    }
    const style = document.createElement("style");
    style.id = "emokit-style";
    if (opt.nonce) style.nonce = opt.nonce;
    style.textContent = styleText();
    document.head.appendChild(style);
  }

  // The keyboard's words per language (a page may pass its own: the preview's, from PreviewLabels).
  const LABELS = /*EMOKIT_LABELS*/null;

  return { tokenize, render, deleteBackward, search, data: DATA, version: DATA.version, LABELS, spriteStyle, injectStyle, graphemes, url };
})();
