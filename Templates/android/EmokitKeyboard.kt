// emokit's Kotlin runtime: the emoticon keyboard's model, written by `emokit generate --android`
// into android/kotlin/emokit/. Pure Kotlin (no android.* import), compiled and tested on the JVM
// by emokit's test suite: loading res/raw/emokit_manifest.json, laying a page out at any width in
// dp (the same frames as the Swift library EmoticonManifest and the web runtime), each key's
// sprite in a density's sheet, segments(text) and deleteBackward(text, selection) on the token
// spec the Swift library and the web runtime pass, and Recent stored by what was used.
// Docs: Documentation/Android.md in emokit.
package emokit

import java.text.Normalizer
import kotlin.math.abs
import kotlin.math.floor
import kotlin.math.max

/** A manifest that cannot be read: the message names the key and what was expected. */
class EmokitManifestException(message: String) : Exception(message)

/** A rectangle in dp (Android's dp is emokit's pt). Half-open: a point on an edge belongs to one key. */
data class DpRect(val x: Double, val y: Double, val width: Double, val height: Double) {
    fun contains(px: Double, py: Double): Boolean = px >= x && px < x + width && py >= y && py < y + height
}

/** A rectangle in pixels of one density's sheet, or of the page at one scale. */
data class PixelRect(val x: Int, val y: Int, val width: Int, val height: Int)

/** One density's sheets: `res/drawable-<name>/`; `scale` device pixels per dp; `dpi` as `Bitmap.getDensity()` reports it. */
data class Density(
    val name: String, val scale: Double, val dpi: Int, val iconPixels: Int, val gutterPixels: Int, val cellPixels: Int,
    val sheetWidth: Int, val sheetHeight: Int
)

data class Insets(val top: Double, val left: Double, val bottom: Double, val right: Double)

data class Grid(
    val columns: Int, val rows: Int, val cellHeight: Double, val iconSize: Double, val insets: Insets,
    val columnSpacing: Double, val rowSpacing: Double, val snapToPixels: Boolean
)

data class Metrics(
    val toolbarHeight: Double, val gridHeight: Double, val pageControlHeight: Double, val tabBarHeight: Double,
    val keyboardHeight: Double
)

/** Colours as `#RRGGBB`. */
data class Palette(val background: String, val pageDot: String, val currentPageDot: String, val tabBarBackground: String, val selectedTab: String)

enum class ButtonKind { EMOTICON, DELETE }

/**
 * One button: [text] is what a tap inserts (null for delete and image-only entries), [name] the
 * label TalkBack reads, [sprites] its icon box per density name (absent: the cell draws nothing,
 * or [systemGlyph]: the app draws [text] with the system font). A sticker [sendsImage]: a tap
 * sends the picture [image] (a raw resource name, `R.raw.emk_image_…`) and types nothing.
 */
data class Button(
    val kind: ButtonKind, val index: Int, val row: Int, val column: Int, val entry: Int?, val text: String?,
    val textTraditional: String?, val name: String, val emoji: Boolean, val systemGlyph: Boolean, val missingGlyph: Boolean,
    val sprites: Map<String, PixelRect>, val sendsImage: Boolean = false, val image: String? = null
)

/** A page: its sheet is `R.drawable.<drawable>` (one file per density folder). */
data class Page(val index: Int, val drawable: String, val buttons: List<Button>)

data class Tab(val id: String, val title: String, val kind: String, val resourcePrefix: String, val entryCount: Int, val pages: List<Page>)

/** A piece of a message: `kind` is "text", "emoticon" or "emoji"; `start` in UTF-16 units. */
data class Segment(val kind: String, val text: String, val start: Int, val tab: String? = null, val button: Button? = null)

/** A text after an edit, with the caret (UTF-16 units) where the edit left it. */
data class Edit(val text: String, val caret: Int)

/** The keyboard read from `res/raw/emokit_manifest.json` ([parse]). */
class EmokitKeyboard(
    val generatorVersion: String, val densities: List<Density>, val grid: Grid, val metrics: Metrics, val light: Palette,
    val dark: Palette?, val tabs: List<Tab>
) {
    companion object {
        /** The schema this runtime reads. */
        const val SCHEMA_VERSION = 1

        /** The keyboard in [json] (the manifest's text); throws [EmokitManifestException] naming what is wrong. */
        fun parse(json: String): EmokitKeyboard {
            val root = Json.obj(JsonReader(json).parse(), "the manifest")
            val version = Json.int(root, "schemaVersion")
            if (version != SCHEMA_VERSION) throw EmokitManifestException("schemaVersion $version: this runtime reads $SCHEMA_VERSION; copy the runtime emokit wrote with this manifest")
            val g = Json.obj(root["grid"], "grid")
            val i = Json.obj(g["insets"], "grid.insets")
            val m = Json.obj(root["metrics"], "metrics")
            val c = Json.obj(root["colors"], "colors")
            return EmokitKeyboard(
                Json.str(Json.obj(root["generator"], "generator"), "version"),
                Json.list(root["densities"], "densities").map { d ->
                    val o = Json.obj(d, "densities[]")
                    Density(Json.str(o, "name"), Json.num(o, "scale"), Json.int(o, "dpi"), Json.int(o, "iconPixels"), Json.int(o, "gutterPixels"),
                        Json.int(o, "cellPixels"), Json.int(o, "sheetWidth"), Json.int(o, "sheetHeight"))
                },
                Grid(Json.int(g, "columns"), Json.int(g, "rows"), Json.num(g, "cellHeight"), Json.num(g, "iconSize"),
                    Insets(Json.num(i, "top"), Json.num(i, "left"), Json.num(i, "bottom"), Json.num(i, "right")),
                    Json.num(g, "columnSpacing"), Json.num(g, "rowSpacing"), g["snapToPixels"] == true),
                Metrics(Json.num(m, "toolbarHeight"), Json.num(m, "gridHeight"), Json.num(m, "pageControlHeight"), Json.num(m, "tabBarHeight"), Json.num(m, "keyboardHeight")),
                palette(c), c["dark"]?.let { palette(Json.obj(it, "colors.dark")) },
                Json.list(root["tabs"], "tabs").map { tab(Json.obj(it, "tabs[]")) })
        }

        private fun palette(o: Map<String, Any?>) =
            Palette(Json.str(o, "background"), Json.str(o, "pageDot"), Json.str(o, "currentPageDot"), Json.str(o, "tabBarBackground"), Json.str(o, "selectedTab"))

        private fun tab(o: Map<String, Any?>) = Tab(
            Json.str(o, "id"), Json.str(o, "title"), Json.str(o, "kind"), Json.str(o, "resourcePrefix"), Json.int(o, "entryCount"),
            Json.list(o["pages"], "pages").map { p ->
                val page = Json.obj(p, "pages[]")
                Page(Json.int(page, "index"), Json.str(page, "drawable"), Json.list(page["buttons"], "buttons").map { button(Json.obj(it, "buttons[]")) })
            })

        private fun button(o: Map<String, Any?>): Button {
            val sprites = (o["sprite"] as? Map<*, *>)?.entries?.associate { (density, rect) ->
                val r = Json.list(rect, "sprite.$density").map { (it as? Double)?.toInt() ?: throw EmokitManifestException("sprite.$density: expected numbers") }
                if (r.size != 4) throw EmokitManifestException("sprite.$density: expected [x, y, width, height]")
                density.toString() to PixelRect(r[0], r[1], r[2], r[3])
            } ?: emptyMap()
            return Button(
                if (Json.str(o, "kind") == "delete") ButtonKind.DELETE else ButtonKind.EMOTICON, Json.int(o, "index"), Json.int(o, "row"), Json.int(o, "column"),
                (o["entry"] as? Double)?.toInt(), o["text"] as? String, o["textTraditional"] as? String, Json.str(o, "name"), o["emoji"] == true,
                o["systemGlyph"] == true, o["missingGlyph"] == true, sprites, o["sends"] == "image", o["image"] as? String)
        }
    }

    /** The density whose `dpi` is [bitmapDensity] (`Bitmap.getDensity()` of a sheet decoded with `inScaled = false`): which sprites to crop. */
    fun density(bitmapDensity: Int): Density? = densities.firstOrNull { it.dpi == bitmapDensity }

    /** For a screen of [screenScale] (`DisplayMetrics.density`, 2.625 on a 420 dpi phone): the smallest density at or above it, else the largest. */
    fun density(screenScale: Double): Density {
        val sorted = densities.sortedBy { it.scale }
        return sorted.firstOrNull { it.scale >= screenScale - 1e-6 } ?: sorted.last()
    }

    /**
     * The keyboard laid out at [width] dp: every cell's frame, with the arithmetic emokit writes
     * frames with (so at a width emokit generated, at scale 1, 2 or 3, they equal the Swift
     * library's). [scale] matters only to a grid that snaps to pixels; [density] chooses the
     * sprites (null: keys without sprites).
     */
    fun layout(width: Double, scale: Double = 1.0, density: Density? = null): Layout {
        require(width > 0 && !width.isInfinite()) { "cannot lay the keyboard out at a width of $width dp: pass the view's width in dp, above 0" }
        val gaps = max(0, grid.columns - 1).toDouble() * grid.columnSpacing
        val available = width - (grid.insets.left + grid.insets.right) - gaps
        var left = grid.insets.left
        var cell = available / grid.columns.toDouble()
        if (grid.snapToPixels) {
            cell = pixelRound(available / grid.columns.toDouble(), scale)
            left = pixelRound((width - grid.columns.toDouble() * cell - gaps) / 2.0, scale)
        }
        require(cell > 0) { "at $width dp the grid's insets and spacing leave no room for its ${grid.columns} columns: lay it out wider" }
        val frames = ArrayList<DpRect>(grid.columns * grid.rows)
        for (row in 0 until grid.rows) for (column in 0 until grid.columns) frames.add(cellFrame(row, column, left, cell))
        return Layout(this, width, scale, density, left, cell, frames)
    }

    internal fun cellFrame(row: Int, column: Int, left: Double, cell: Double) = DpRect(
        left + (cell + grid.columnSpacing) * column.toDouble(), grid.insets.top + (grid.cellHeight + grid.rowSpacing) * row.toDouble(), cell, grid.cellHeight)

    /** Page [page] of tab [tab], or null when either is out of range. */
    fun page(tab: Int, page: Int): Page? = tabs.getOrNull(tab)?.pages?.getOrNull(page)

    // ---------------------------------------------------------------- segments and delete

    private class Node { val next = HashMap<String, Node>(); var end: Pair<Tab, Button>? = null }

    private val trie: Node by lazy {
        val exact = LinkedHashMap<String, Pair<Tab, Button>>()
        val traditional = ArrayList<Pair<String, Pair<Tab, Button>>>()
        for (tab in tabs) for (page in tab.pages) for (button in page.buttons) {
            val text = button.text
            if (text != null && !exact.containsKey(nfc(text))) exact[nfc(text)] = tab to button
            button.textTraditional?.let { traditional.add(nfc(it) to (tab to button)) }
        }
        for ((text, found) in traditional) if (!exact.containsKey(text)) exact[text] = found
        val root = Node()
        for ((text, found) in exact) {
            var node = root
            for (g in EmokitText.graphemes(text)) node = node.next.getOrPut(g) { Node() }
            node.end = found
        }
        root
    }

    /** [text] cut into text, emoticons (the longest keyboard text at each point) and emoji (one grapheme each). */
    fun segments(text: String): List<Segment> {
        val parts = EmokitText.graphemes(text)
        val segments = ArrayList<Segment>()
        var pending: StringBuilder? = null
        var pendingStart = 0
        var offset = 0
        var i = 0
        fun flush() { pending?.let { segments.add(Segment("text", it.toString(), pendingStart)) }; pending = null }
        while (i < parts.size) {
            var node: Node? = trie
            var j = i
            var best: Pair<Tab, Button>? = null
            var bestEnd = i
            while (j < parts.size) {
                node = node?.next?.get(nfc(parts[j])) ?: break
                j += 1
                node.end?.let { best = it; bestEnd = j }
            }
            val found = best
            if (found != null) {
                flush()
                val piece = parts.subList(i, bestEnd).joinToString("")
                val kind = if (found.second.emoji || EmokitText.isEmoji(parts[i])) "emoji" else "emoticon"
                segments.add(Segment(kind, piece, offset, found.first.id, found.second))
                offset += piece.length
                i = bestEnd
                continue
            }
            val g = parts[i]
            if (EmokitText.isEmoji(g)) {
                flush()
                segments.add(Segment("emoji", g, offset))
            } else if (pending != null) {
                pending!!.append(g)
            } else {
                pending = StringBuilder(g)
                pendingStart = offset
            }
            offset += g.length
            i += 1
        }
        flush()
        return segments
    }

    /**
     * The delete key: a selection is deleted as it is; otherwise the one token before the caret
     * goes, a whole emoticon, a whole emoji or one grapheme. Offsets in UTF-16 units, as
     * `EditText.getSelectionStart()` gives them.
     */
    fun deleteBackward(text: String, selectionStart: Int = text.length, selectionEnd: Int = selectionStart): Edit {
        val from = minOf(selectionStart, selectionEnd).coerceIn(0, text.length)
        val to = maxOf(selectionStart, selectionEnd).coerceIn(0, text.length)
        if (from != to) return Edit(text.substring(0, from) + text.substring(to), from)
        val last = segments(text.substring(0, to)).lastOrNull() ?: return Edit(text, to)
        val start = if (last.kind == "text") to - EmokitText.graphemes(last.text).last().length else last.start
        return Edit(text.substring(0, start) + text.substring(to), start)
    }

    private fun nfc(text: String) = Normalizer.normalize(text, Normalizer.Form.NFC)
}

/** YYKit's `CGFloatPixelRound`: to the nearest device pixel at [scale], halves away from zero. */
internal fun pixelRound(value: Double, scale: Double): Double {
    val s = max(1.0, scale)
    val v = value * s
    val a = abs(v)
    val rounded = if (a - floor(a) >= 0.5) floor(a) + 1 else floor(a)
    return (if (v < 0) -rounded else rounded) / s
}

/** `floor(value + 1e-6)`: a frame an ulp below a whole or half pixel rounds as emokit's. */
internal fun snapDown(value: Double): Int = floor(value + 1e-6).toInt()

/** The keyboard at one width ([EmokitKeyboard.layout]). */
class Layout internal constructor(
    val keyboard: EmokitKeyboard, val width: Double, val scale: Double, val density: Density?, val left: Double, val cellWidth: Double,
    /** Every cell's frame in dp from the page's top-left, row-major; the last is the delete button's. */
    val cellFrames: List<DpRect>
) {
    val height: Double get() = keyboard.metrics.gridHeight

    fun frame(row: Int, column: Int): DpRect =
        if (row >= 0 && column >= 0 && column < keyboard.grid.columns && row * keyboard.grid.columns + column < cellFrames.size)
            cellFrames[row * keyboard.grid.columns + column]
        else keyboard.cellFrame(row, column, left, cellWidth)

    /**
     * Where an icon of [width] x [height] pixels is drawn in [frame] at [scale], in pixels of the
     * page: centred, its origin snapped down (emokit's `GridArithmetic.iconPixelRect`).
     */
    fun iconPixelRect(frame: DpRect, width: Int, height: Int, scale: Double = this.scale): PixelRect = PixelRect(
        snapDown(((2 * frame.x + frame.width) * scale - width.toDouble()) / 2),
        snapDown(frame.y * scale + (frame.height * scale - height.toDouble()) / 2), width, height)

    fun key(button: Button): Key {
        val frame = frame(button.row, button.column)
        val sprite = density?.let { button.sprites[it.name] }
        val icon = if (sprite != null && density != null) iconPixelRect(frame, sprite.width, sprite.height, density.scale) else null
        return Key(button, frame, sprite, icon, density?.scale ?: scale)
    }

    fun page(tab: Int, page: Int): List<Key>? = keyboard.page(tab, page)?.buttons?.map { key(it) }

    /** The key under ([x], [y]) dp from the page's top-left, or null. */
    fun keyAt(x: Double, y: Double, tab: Int, page: Int): Key? =
        keyboard.page(tab, page)?.buttons?.map { key(it) }?.firstOrNull { it.frame.contains(x, y) }
}

/**
 * One button at a width: [frame] is the tap target (dp); [sprite] the rect to crop from the
 * page's sheet at the layout's density (pixels of that bitmap, decoded with `inScaled = false`);
 * [iconPixelRect] where it goes, in pixels at [spriteScale]; [iconRect] the same in dp.
 */
data class Key(val button: Button, val frame: DpRect, val sprite: PixelRect?, val iconPixelRect: PixelRect?, val spriteScale: Double) {
    val iconRect: DpRect?
        get() = iconPixelRect?.let { DpRect(it.x / spriteScale, it.y / spriteScale, it.width / spriteScale, it.height / spriteScale) }
}

// ---------------------------------------------------------------- Recent

/** Where Recent is kept: the app backs it with SharedPreferences (or anything that keeps a string). */
interface RecentStore {
    fun read(): String?
    fun write(json: String)
}

/**
 * One used button: its tab's id and the text a tap inserts (an image-only entry: its name); a
 * sticker also its [image], the SHA-256 its picture is named by (`emk_image_<sha256>` less the
 * prefix, the same key the web and iOS keyboards store): two stickers may share a name, and two
 * may share a picture (identical files are written once), so a sticker's item is its tab and
 * picture, its text only choosing between stickers of one picture. An item without [image] (a
 * sticker remembered before there was one) is found by name.
 */
data class RecentItem(val tab: String, val text: String, val image: String? = null) {
    /** What makes two stored items one: a sticker's tab and picture (whatever its text), else its tab and text. */
    internal val identity: List<String> get() = if (image != null) listOf(tab, "image", image) else listOf(tab, "text", text)
}

/**
 * Recent, stored by what was used, never by position (the rule emokit's web and iOS runtimes
 * share): an item resolves to the first button of its tab with its text (a sticker: with its
 * picture, the one of its text if several share it), and is dropped when the tab, text or picture
 * is gone, or when an earlier item found the same button (a button shows once), so Recent survives
 * a rebuild that inserted or renamed an entry.
 */
class Recent(private val keyboard: EmokitKeyboard, private val store: RecentStore, val limit: Int = keyboard.grid.columns * keyboard.grid.rows - 1) {
    /**
     * The stored items, newest first, read item by item: an item that is not one is dropped alone,
     * `"image": null` reads as no image, an item repeating an earlier one's identity is dropped;
     * unreadable storage reads as empty.
     */
    fun items(): List<RecentItem> = try {
        val seen = HashSet<List<String>>()
        Json.list(JsonReader(store.read() ?: "[]").parse(), "recent").mapNotNull { item ->
            val o = item as? Map<*, *> ?: return@mapNotNull null
            val tab = o["tab"] as? String ?: return@mapNotNull null
            val text = o["text"] as? String ?: return@mapNotNull null
            val image = o["image"]
            if (image != null && image !is String) return@mapNotNull null
            RecentItem(tab, text, image as String?).takeIf { seen.add(it.identity) }
        }
    } catch (e: EmokitManifestException) {
        emptyList()
    }

    /** The items that still resolve, as (tab index, button), each button once. */
    fun buttons(): List<Pair<Int, Button>> {
        val shown = ArrayList<Pair<Int, Button>>()
        for (found in items().mapNotNull { resolve(it) }) {
            if (shown.none { same(it, found) }) shown.add(found)
        }
        return shown
    }

    fun resolve(item: RecentItem): Pair<Int, Button>? {
        val tab = keyboard.tabs.indexOfFirst { it.id == item.tab }
        if (tab < 0) return null
        val buttons = keyboard.tabs[tab].pages.asSequence().flatMap { it.buttons.asSequence() }.filter { it.kind == ButtonKind.EMOTICON }
        val button = (if (item.image != null) {
            // A sticker is its picture; of several with one picture, the one of the item's name.
            val pictured = buttons.filter { picture(it) == item.image }
            pictured.firstOrNull { key(it) == item.text } ?: pictured.firstOrNull()
        } else buttons.firstOrNull { key(it) == item.text }) ?: return null
        return tab to button
    }

    /**
     * Records a tap on [button] of tab [tab]: first in the list, once, at most [limit] items. A
     * sticker replaces any item of its tab and picture (a rebuild may have renamed it), and its
     * item by name alone (an older version's) only when that item finds this very button.
     */
    fun use(tab: Int, button: Button) {
        if (button.kind != ButtonKind.EMOTICON) return
        val item = RecentItem(keyboard.tabs[tab].id, key(button), picture(button))
        val replaced = { it: RecentItem ->
            it.identity == item.identity ||
                (item.image != null && it.image == null && it.tab == item.tab && it.text == item.text && resolve(it)?.let { found -> same(found, tab to button) } == true)
        }
        val list = listOf(item) + items().filterNot(replaced)
        store.write(
            list.take(limit).joinToString(",", "[", "]") { i ->
                (i.image?.let { "{\"image\":${Json.quote(it)}," } ?: "{") + "\"tab\":${Json.quote(i.tab)},\"text\":${Json.quote(i.text)}}"
            })
    }

    private fun same(a: Pair<Int, Button>, b: Pair<Int, Button>) = a.first == b.first && a.second === b.second

    private fun key(button: Button) = button.text ?: button.name

    /** A sticker's picture by its SHA-256 (`emk_image_<sha256>`), null for a button that types text. */
    private fun picture(button: Button) = if (button.sendsImage) button.image?.removePrefix("emk_image_") else null
}
