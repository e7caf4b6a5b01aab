// Recent (follows Templates/keyboard-input.js in the runtime; mountKeyboard's Recent tab), by the
// rule the web, iOS and Android runtimes share: an item is what was used, {tab, text} (an entry
// with no text by its name), never a position; a sticker's also has its picture, {image}: the
// SHA-256 its file is named by, since two stickers may share a name. On load an item is found
// again as the first key of that tab with that text (a skin-tone variant by its own text, a
// sticker by its picture; one stored by name alone, by name); an item whose tab, text or picture
// is gone is dropped silently. So Recent survives a rebuild that adds, removes or moves entries.
// `key` is the localStorage key (the site's, see mountKeyboard); `itemOf` gives a found key's
// entry or variant.

function keyboardRecent(key, itemOf) {
  const RECENT_LIMIT = 64;
  function loadRecent() {
    try {
      const list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list)
        ? list.filter((i) => i && typeof i.tab === "string" && typeof i.text === "string" && (i.image === undefined || typeof i.image === "string"))
        : [];
    } catch (e) { return []; }
  }
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
    // keyboards of the site (tabs this one lacks) are kept, up to the limit. A sticker remembered
    // by name alone before gives way to its item by picture.
    const same = (i) => i.tab === item.tab && i.text === item.text && (i.image === item.image || (item.image !== undefined && i.image === undefined));
    const list = loadRecent().filter((i) => !same(i));
    list.unshift(item);
    try { localStorage.setItem(key, JSON.stringify(list.slice(0, RECENT_LIMIT))); } catch (e) { /* storage off */ }
  }
  function recentFound(item) {
    const tab = DATA.tabs.find((t) => t.id === item.tab && !t.displayOnly);
    if (!tab) return null;
    for (let index = 0; index < tab.entries.length; index++) {
      const entry = tab.entries[index];
      if (item.image !== undefined) {
        if (picture(entry) === item.image) return { tab, index, entry };
        continue;
      }
      if ((entry.text || entry.name) === item.text) return { tab, index, entry };
      const variant = (entry.variants || []).find((v) => v.text === item.text);
      if (variant) return { tab, index, entry, variant };
    }
    return null;
  }
  /** The items that are still there, as found keys, most recent first. */
  const found = () => loadRecent().map(recentFound).filter(Boolean);
  return { remember, found };
}
