// The Kotlin runtime's JVM tests, run by Tests/AndroidRuntime/run-jvm-tests.sh (from .ci/test):
// compiled once with kotlinc together with the runtime emokit wrote, run in one JVM.
//   args[0]: Tests/TokenSpec/segments.json
//   args[1]: Unicode's GraphemeBreakTest.txt
//   args[2]: a folder of fixtures, each NAME.android.json (an android manifest emokit wrote) with
//            NAME.swift-layout.json (the Swift library's frames at every default width and scale)
package emokit

import java.io.File

private var failures = 0
private var checks = 0

private fun check(condition: Boolean, message: () -> String) {
    checks++
    if (!condition) {
        failures++
        if (failures <= 30) System.err.println("FAIL: " + message())
    }
}

@Suppress("UNCHECKED_CAST")
private fun json(file: File): Any? = JsonReader(file.readText(Charsets.UTF_8)).parse()

/** The token spec's keyboard as a manifest the runtime parses (one page per tab). */
private fun specKeyboard(spec: Map<String, Any?>): EmokitKeyboard {
    val tabs = Json.list(spec["keyboard"], "keyboard").map { t ->
        val tab = Json.obj(t, "tab")
        val buttons = Json.list(tab["entries"], "entries").mapIndexed { i, e ->
            val entry = Json.obj(e, "entry")
            Button(ButtonKind.EMOTICON, i, 0, i, i, entry["chs"] as String, entry["cht"] as String?, entry["image"] as String, false, false, false, emptyMap())
        }
        Tab(tab["id"] as String, tab["id"] as String, "image", "emk_" + tab["id"], buttons.size, listOf(Page(0, "emk_p000", buttons)))
    }
    return EmokitKeyboard("test", emptyList(), Grid(8, 4, 50.0, 32.0, Insets(0.0, 0.0, 0.0, 0.0), 0.0, 0.0, false),
        Metrics(0.0, 200.0, 0.0, 0.0, 0.0), Palette("#000000", "#000000", "#000000", "#000000", "#000000"), null, tabs)
}

private fun tokenSpec(file: File) {
    val spec = Json.obj(json(file), "spec")
    val keyboard = specKeyboard(spec)
    val vectors = Json.list(spec["vectors"], "vectors")
    check(vectors.size >= 30) { "the token spec has ${vectors.size} vectors" }
    for (v in vectors) {
        val vector = Json.obj(v, "vector")
        val name = vector["name"] as String
        val input = vector["input"] as String
        val expected = Json.list(vector["segments"], "segments").map { s ->
            val o = Json.obj(s, "segment")
            Triple(o["kind"] as String, o["text"] as String, o["tab"] as String?)
        }
        val segments = keyboard.segments(input)
        val found = segments.map { Triple(it.kind, it.text, it.tab) }
        check(found == expected) { "segments, $name: $found, expected $expected" }
        var offset = 0
        for (s in segments) { check(s.start == offset) { "segments, $name: ${s.text} starts at ${s.start}, expected $offset" }; offset += s.text.length }
        val deletion = Json.obj(vector["deleteBackward"], "deleteBackward")
        val caret = (vector["caret"] as Double?)?.toInt() ?: input.length
        val edit = keyboard.deleteBackward(input, caret)
        val expectedCaret = (deletion["caret"] as Double?)?.toInt() ?: (deletion["text"] as String).length
        check(edit == Edit(deletion["text"] as String, expectedCaret)) { "deleteBackward, $name: $edit, expected ${deletion["text"]} at $expectedCaret" }
    }
    // A selection is deleted as it is.
    check(keyboard.deleteBackward("a[哈哈]b", 1, 5) == Edit("ab", 1)) { "deleting a selection" }
}

private fun graphemeBreakTest(file: File) {
    var cases = 0
    for (line in file.readLines(Charsets.UTF_8)) {
        val body = line.substringBefore('#').trim()
        if (body.length == 0) continue
        val expected = ArrayList<String>()
        val current = StringBuilder()
        for (token in body.split(' ').filter { it.isNotEmpty() }) {
            when (token) {
                "÷" -> if (current.isNotEmpty()) { expected.add(current.toString()); current.setLength(0) }
                "×" -> {}
                else -> current.appendCodePoint(token.toInt(16))
            }
        }
        val text = expected.joinToString("")
        check(EmokitText.graphemes(text) == expected) { "GraphemeBreakTest: $body" }
        cases++
    }
    check(cases > 500) { "GraphemeBreakTest.txt had $cases cases" }
}

private fun layouts(folder: File) {
    val fixtures = folder.listFiles { f -> f.name.endsWith(".android.json") }!!.sortedBy { it.name }
    check(fixtures.isNotEmpty()) { "no fixtures in $folder" }
    for (fixture in fixtures) {
        val name = fixture.name.removeSuffix(".android.json")
        val keyboard = EmokitKeyboard.parse(fixture.readText(Charsets.UTF_8))
        val swift = Json.obj(json(File(folder, "$name.swift-layout.json")), "swift layout")
        var compared = 0
        for (l in Json.list(swift["layouts"], "layouts")) {
            val expected = Json.obj(l, "layout")
            val width = expected["width"] as Double
            val scale = expected["scale"] as Double
            val layout = keyboard.layout(width, scale)
            val frames = Json.list(expected["cellFrames"], "cellFrames").map { r -> Json.list(r, "frame").map { it as Double } }
            check(frames.size == layout.cellFrames.size) { "$name at $width@$scale: ${layout.cellFrames.size} cells, Swift ${frames.size}" }
            for ((i, f) in frames.withIndex()) {
                val k = layout.cellFrames[i]
                check(listOf(k.x, k.y, k.width, k.height) == f) { "$name at $width@$scale: cell $i $k, Swift $f" }
            }
            for (ic in Json.list(expected["icons"], "icons")) {
                val icon = Json.list(ic, "icon").map { (it as Double).toInt() } // row, column, w, h, x, y
                val rect = layout.iconPixelRect(layout.frame(icon[0], icon[1]), icon[2], icon[3])
                check(rect == PixelRect(icon[4], icon[5], icon[2], icon[3])) { "$name at $width@$scale: icon in cell (${icon[0]}, ${icon[1]}) $rect, Swift $icon" }
            }
            compared++
        }
        check(compared >= 9) { "$name: only $compared layouts compared" }
        // Each density's sprite is the cell's icon box, inside the sheet, and drawn at the icon size in dp.
        for (density in keyboard.densities) {
            val layout = keyboard.layout(375.0, density.scale, density)
            for ((t, tab) in keyboard.tabs.withIndex()) for (page in tab.pages) for (key in layout.page(t, page.index)!!) {
                val sprite = key.sprite ?: continue
                check(sprite.width == density.iconPixels && sprite.x == key.button.column * density.cellPixels + density.gutterPixels &&
                    sprite.y == key.button.row * density.cellPixels + density.gutterPixels && sprite.x + sprite.width <= density.sheetWidth) {
                    "$name ${density.name}: sprite $sprite of ${key.button.name}"
                }
                val icon = key.iconRect!!
                check(Math.abs(icon.width - keyboard.grid.iconSize) <= 0.5 / density.scale + 1e-9) { "$name ${density.name}: icon ${icon.width} dp wide" }
            }
        }
        check(keyboard.density(2.625).name == "xxhdpi" || keyboard.densities.none { it.name == "xxhdpi" }) { "a 2.625x screen takes xxhdpi" }
        check(keyboard.density(480)?.scale == 3.0 || keyboard.densities.none { it.dpi == 480 }) { "480 dpi is xxhdpi" }
        recent(keyboard, name)
    }
}

private class MemoryStore(var json: String? = null) : RecentStore {
    override fun read() = json
    override fun write(json: String) { this.json = json }
}

private fun recent(keyboard: EmokitKeyboard, name: String) {
    val tab = keyboard.tabs.indexOfFirst { t -> t.pages.any { p -> p.buttons.count { it.kind == ButtonKind.EMOTICON } >= 2 } }
    if (tab < 0) return
    val buttons = keyboard.tabs[tab].pages[0].buttons.filter { it.kind == ButtonKind.EMOTICON }
    val store = MemoryStore()
    val recent = Recent(keyboard, store)
    recent.use(tab, buttons[0]); recent.use(tab, buttons[1]); recent.use(tab, buttons[0])
    check(recent.buttons().map { it.second } == listOf(buttons[0], buttons[1])) { "$name: Recent is newest first, once each" }
    check(store.json!!.contains("\"tab\":") && !store.json!!.contains("\"index\"")) { "$name: Recent stores tab and text: ${store.json}" }
    // A rebuild that inserted an entry before them: the items still resolve to their buttons.
    val shifted = keyboard.tabs[tab].pages[0].buttons.map { if (it.kind == ButtonKind.EMOTICON) it.copy(index = it.index + 1, column = (it.column + 1) % keyboard.grid.columns) else it }
    val rebuilt = EmokitKeyboard(keyboard.generatorVersion, keyboard.densities, keyboard.grid, keyboard.metrics, keyboard.light, keyboard.dark,
        keyboard.tabs.mapIndexed { i, t -> if (i == tab) t.copy(pages = listOf(t.pages[0].copy(buttons = shifted)) + t.pages.drop(1)) else t })
    check(Recent(rebuilt, store).buttons().map { it.second.name } == listOf(buttons[0].name, buttons[1].name)) { "$name: Recent survives a shift" }
    // Gone tab or text, or unreadable storage: dropped silently.
    check(Recent(keyboard, MemoryStore("[{\"tab\":\"gone\",\"text\":\"x\"},{\"tab\":\"${keyboard.tabs[tab].id}\",\"text\":\"no such text\"}]")).buttons().isEmpty()) { "$name: gone items are dropped" }
    check(Recent(keyboard, MemoryStore("not json")).buttons().isEmpty()) { "$name: unreadable Recent reads as empty" }
}

private fun parsing() {
    val bad = listOf("", "{", "{\"schemaVersion\": 2}", "[1,]", "{\"schemaVersion\": 1}")
    for (text in bad) {
        val message = try { EmokitKeyboard.parse(text); null } catch (e: EmokitManifestException) { e.message }
        check(message != null) { "parse(${text}) should fail" }
    }
    check(JsonReader("{\"a\": [1, 2.5, \"\\u00e9\\n\", true, null]}").parse() == mapOf("a" to listOf(1.0, 2.5, "é\n", true, null))) { "JSON values" }
}

/** A WhatsApp sticker pack's `--android` manifest: stickers send their raw resource, type nothing, and Recent keeps them by picture. */
private fun stickers(file: File) {
    val keyboard = EmokitKeyboard.parse(file.readText(Charsets.UTF_8))
    val buttons = keyboard.tabs[0].pages[0].buttons.filter { it.kind == ButtonKind.EMOTICON }
    check(buttons.size == 3 && buttons.all { it.sendsImage && it.text == null && it.image!!.matches(Regex("emk_image_[0-9a-f]{64}")) }) { "stickers: $buttons" }
    check(File(file.parentFile, "${buttons[0].image}.webp").isFile) { "stickers: res/raw/${buttons[0].image}.webp is written" }
    check(keyboard.segments("hi").map { it.kind } == listOf("text")) { "stickers: no text of theirs is a token" }
    val store = MemoryStore()
    Recent(keyboard, store).use(0, buttons[1])
    val id = keyboard.tabs[0].id
    val picture = buttons[1].image!!.removePrefix("emk_image_")
    check(store.json == "[{\"image\":\"$picture\",\"tab\":\"$id\",\"text\":\"${buttons[1].name}\"}]") { "stickers: Recent keeps a sticker by its picture: ${store.json}" }
    check(Recent(keyboard, store).buttons().map { it.second } == listOf(buttons[1])) { "stickers: Recent finds the sticker again" }
    recentStickers(keyboard, buttons)
}

/** Two stickers of one name (WhatsApp's `accessibility_text` often repeats) are two Recent items, kept through a rebuild that prepends a third. */
private fun recentStickers(keyboard: EmokitKeyboard, original: List<Button>) {
    fun withButtons(buttons: List<Button>) = EmokitKeyboard(keyboard.generatorVersion, keyboard.densities, keyboard.grid, keyboard.metrics, keyboard.light, keyboard.dark,
        keyboard.tabs.mapIndexed { i, t -> if (i == 0) t.copy(pages = listOf(t.pages[0].copy(buttons = buttons)) + t.pages.drop(1)) else t })
    val page = keyboard.tabs[0].pages[0].buttons
    val twins = page.map { if (it.kind == ButtonKind.EMOTICON) it.copy(name = "Cuppy") else it }
    val sameName = withButtons(twins)
    val stickers = twins.filter { it.kind == ButtonKind.EMOTICON }
    val store = MemoryStore()
    val recent = Recent(sameName, store)
    recent.use(0, stickers[0]); recent.use(0, stickers[1])
    check(recent.buttons().map { it.second } == listOf(stickers[1], stickers[0])) { "stickers: two stickers of one name are two Recent items: ${store.json}" }
    // A rebuild that put a new sticker of the same name first: both items still find their own.
    val added = stickers[2].copy(image = "emk_image_" + "0".repeat(64))
    val rebuilt = withButtons(listOf(added) + twins.map { if (it.kind == ButtonKind.EMOTICON) it.copy(index = it.index + 1) else it })
    check(Recent(rebuilt, store).buttons().map { it.second.image } == listOf(stickers[1].image, stickers[0].image)) { "stickers: Recent survives a prepended sticker" }
    // A sticker gone from the build is dropped, never swapped for another of its name.
    check(Recent(withButtons(twins.filter { it.image != stickers[0].image }), store).buttons().map { it.second.image } == listOf(stickers[1].image)) { "stickers: a gone sticker is dropped" }
    // An item stored by name only (before stickers had their picture) still finds the first sticker of that name.
    val old = MemoryStore("[{\"tab\":\"${keyboard.tabs[0].id}\",\"text\":\"${original[1].name}\"}]")
    check(Recent(keyboard, old).buttons().map { it.second } == listOf(original[1])) { "stickers: an item by name still loads" }
    // Using that sticker again replaces the old item with one by picture.
    Recent(keyboard, old).use(0, original[1])
    check(Recent(keyboard, old).items().map { it.image } == listOf(original[1].image!!.removePrefix("emk_image_"))) { "stickers: the old item gives way: ${old.json}" }
    recentStickerIdentity(sameName, stickers, ::withButtons)
}

/** A sticker's item is its tab and picture: a renamed sticker, or two sharing one file, show once; stored items are read one by one. */
private fun recentStickerIdentity(sameName: EmokitKeyboard, stickers: List<Button>, withButtons: (List<Button>) -> EmokitKeyboard) {
    val id = sameName.tabs[0].id
    val pictures = stickers.map { it.image!!.removePrefix("emk_image_") }
    fun item(picture: String?, text: String) = (picture?.let { "{\"image\":\"$it\"," } ?: "{") + "\"tab\":\"$id\",\"text\":\"$text\"}"
    // Stored by two builds: the sticker under an old name, then under its name now.
    val renamed = MemoryStore("[${item(pictures[0], "Cuppy")},${item(pictures[0], "Cuppy old")}]")
    check(Recent(sameName, renamed).buttons().map { it.second } == listOf(stickers[0])) { "stickers: a renamed sticker shows once: ${renamed.json}" }
    renamed.json = "[${item(pictures[0], "Cuppy old")}]"
    Recent(sameName, renamed).use(0, stickers[0])
    check(renamed.json == "[${item(pictures[0], "Cuppy")}]") { "stickers: a renamed sticker's use leaves one item: ${renamed.json}" }
    // Two stickers of one picture file: one item, finding the sticker of its name.
    val sharedButtons = sameName.tabs[0].pages[0].buttons.map { if (it === stickers[1]) it.copy(name = "Other", image = stickers[0].image) else it }
    val shared = withButtons(sharedButtons)
    val twins = sharedButtons.filter { it.kind == ButtonKind.EMOTICON }
    val one = MemoryStore()
    Recent(shared, one).use(0, twins[1])
    check(Recent(shared, one).buttons().map { it.second } == listOf(twins[1])) { "stickers: a shared picture finds the sticker of its name" }
    Recent(shared, one).use(0, twins[0])
    check(one.json == "[${item(pictures[0], "Cuppy")}]" && Recent(shared, one).buttons().map { it.second } == listOf(twins[0])) { "stickers: a shared picture is one item: ${one.json}" }
    one.json = "[${item(pictures[0], "Gone")},${item(null, "Cuppy")}]"
    check(Recent(shared, one).buttons().map { it.second } == listOf(twins[0])) { "stickers: an item by name and one by picture finding one sticker show it once" }
    // "image": null reads as no image; a malformed item is dropped alone.
    val mixed = MemoryStore("[{\"image\":null,\"tab\":\"$id\",\"text\":\"Cuppy\"},{\"image\":5,\"tab\":\"$id\",\"text\":\"Cuppy\"},\"junk\",null,{\"tab\":1,\"text\":\"x\"}]")
    check(Recent(sameName, mixed).items() == listOf(RecentItem(id, "Cuppy"))) { "stickers: null image and malformed items: ${Recent(sameName, mixed).items()}" }
    // An item by name alone that finds another sticker of that name stays when one is used.
    val old = MemoryStore("[${item(null, "Cuppy")}]")
    Recent(sameName, old).use(0, stickers[1])
    check(old.json == "[${item(pictures[1], "Cuppy")},${item(null, "Cuppy")}]") { "stickers: an old item finding another sticker stays: ${old.json}" }
    check(Recent(sameName, old).buttons().map { it.second } == listOf(stickers[1], stickers[0])) { "stickers: both show" }
    Recent(sameName, old).use(0, stickers[0])
    check(old.json == "[${item(pictures[0], "Cuppy")},${item(pictures[1], "Cuppy")}]") { "stickers: the old item gives way to the sticker it finds: ${old.json}" }
}

fun main(args: Array<String>) {
    tokenSpec(File(args[0]))
    graphemeBreakTest(File(args[1]))
    layouts(File(args[2]))
    parsing()
    if (args.size > 3) stickers(File(args[3]))
    println("emokit Kotlin runtime: $checks checks, $failures failed (Unicode ${EmokitText.unicodeVersion})")
    if (failures > 0) System.exit(1)
}
