// Recent (follows Templates/keyboard-input.js in the runtime; mountKeyboard's Recent tab), by the
// rule the web, iOS and Android runtimes share: an item is what was used, {tab, text} (an entry
// with no text by its name), never a position; a sticker's also has its picture, {image}: the
// SHA-256 its file is named by, since two stickers may share a name. A sticker's item is its tab
// and picture (two stickers may share a picture too: identical files are written once), its text
// only choosing between stickers of one picture. On load an item is found again as the first key
// of that tab with that text (a skin-tone variant by its own text, a sticker by its picture; one
// stored by name alone, by name); an item whose tab, text or picture is gone is dropped silently,
// and so is one finding a key an earlier item found (a key shows once). So Recent survives a
// rebuild that adds, removes, moves or renames entries. A stored item that is not one is dropped
// alone; "image": null reads as no image.
// `key` is the localStorage key (the site's, see mountKeyboard); `itemOf` gives a found key's
// entry or variant.

function keyboardRecent(key, itemOf) {
  const RECENT_LIMIT = 64;
  function loadRecent() {
    try {
      const list = JSON.parse(localStorage.getItem(key) || "[]");
      if (!Array.isArray(list)) return [];
      const items = [], seen = new Set();
      for (const i of list) {
        if (!i || typeof i !== "object" || typeof i.tab !== "string" || typeof i.text !== "string") continue;
        if (i.image !== undefined && i.image !== null && typeof i.image !== "string") continue;
        const item = typeof i.image === "string" ? { image: i.image, tab: i.tab, text: i.text } : { tab: i.tab, text: i.text };
        if (seen.has(identity(item))) continue;
        seen.add(identity(item));
        items.push(item);
      }
      return items;
    } catch (e) { return []; }
  }
  // What makes two stored items one: a sticker's tab and picture (whatever its text), else its
  // tab and text.
  const identity = (i) => JSON.stringify(i.image !== undefined ? [i.tab, "image", i.image] : [i.tab, "text", i.text]);
  // A sticker's picture by the SHA-256 its file is named by ("../images/<sha256>.webp"): the same
  // key whatever folder the page finds the file in, and the key iOS and Android store.
  const picture = (entry) => (entry.sends === "image" && typeof entry.image === "string" ? entry.image.replace(/^.*\//, "").replace(/\.[^.]*$/, "") : null);
  function recentItem(found) {
    const image = found.variant ? null : picture(found.entry);
    const item = image ? { image } : {};
    return Object.assign(item, { tab: found.tab.id, text: itemOf(found).text || found.entry.name });
  }
  function remember(found) {
    const item = recentItem(found);
    // A skin-tone variant is its own recent (👍🏽 and 👍🏿 both stay), as on iOS. Items of other
    // keyboards of the site (tabs this one lacks) are kept, up to the limit. A sticker replaces
    // any item of its tab and picture (a rebuild may have renamed it), and its item by name alone
    // (an older version's) only when that item finds this very key, never another of its name.
    const replaced = (i) => identity(i) === identity(item) ||
      (item.image !== undefined && i.image === undefined && i.tab === item.tab && i.text === item.text && sameKey(recentFound(i), found));
    const list = loadRecent().filter((i) => !replaced(i));
    list.unshift(item);
    try { localStorage.setItem(key, JSON.stringify(list.slice(0, RECENT_LIMIT))); } catch (e) { /* storage off */ }
  }
  const sameKey = (a, b) => !!a && !!b && a.tab.id === b.tab.id && a.index === b.index && (a.variant || null) === (b.variant || null);
  function recentFound(item) {
    const tab = DATA.tabs.find((t) => t.id === item.tab && !t.displayOnly);
    if (!tab) return null;
    let pictureMatch = null;
    for (let index = 0; index < tab.entries.length; index++) {
      const entry = tab.entries[index];
      if (item.image !== undefined) {
        // A sticker is its picture; of several with one picture, the one of the item's name.
        if (picture(entry) !== item.image) continue;
        if ((entry.text || entry.name) === item.text) return { tab, index, entry };
        if (!pictureMatch) pictureMatch = { tab, index, entry };
        continue;
      }
      if ((entry.text || entry.name) === item.text) return { tab, index, entry };
      const variant = (entry.variants || []).find((v) => v.text === item.text);
      if (variant) return { tab, index, entry, variant };
    }
    return pictureMatch;
  }
  /** The items that are still there, as found keys, most recent first, each key once. */
  function found() {
    const shown = [];
    for (const f of loadRecent().map(recentFound)) {
      if (f && !shown.some((s) => sameKey(s, f))) shown.push(f);
    }
    return shown;
  }
  return { remember, found };
}
