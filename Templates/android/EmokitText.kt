// emokit's Kotlin runtime: grapheme clusters (Unicode's extended grapheme clusters, UAX #29) and
// the emoji rule of emokit's token spec, on the tables of EmokitUnicode.kt. Android's ICU
// BreakIterator knows emoji sequences only on recent releases and the JVM's only from JDK 20,
// and Character.isEmoji is JDK 21 / Android 15: the runtime carries its own, tested against
// Unicode's GraphemeBreakTest.txt. Pure Kotlin, tested on the JVM.
package emokit

object EmokitText {
    private class Ranges(table: String) {
        val starts: IntArray
        val ends: IntArray
        val tags: CharArray

        init {
            val items = table.split(',')
            starts = IntArray(items.size); ends = IntArray(items.size); tags = CharArray(items.size)
            items.forEachIndexed { i, item ->
                val range = item.substringBefore(':')
                starts[i] = range.substringBefore('-').toInt(16)
                ends[i] = range.substringAfter('-', range).toInt(16)
                tags[i] = if (item.contains(':')) item.substringAfter(':')[0] else 'Y'
            }
        }

        /** The tag of [point]'s range, or 'X' when no range holds it (binary search). */
        fun tag(point: Int): Char {
            var lo = 0
            var hi = starts.size - 1
            while (lo <= hi) {
                val mid = (lo + hi) ushr 1
                when {
                    point < starts[mid] -> hi = mid - 1
                    point > ends[mid] -> lo = mid + 1
                    else -> return tags[mid]
                }
            }
            return 'X'
        }
    }

    private val breaks by lazy { Ranges(EmokitUnicodeTables.GRAPHEME_BREAK) }
    private val pictographic by lazy { Ranges(EmokitUnicodeTables.EXTENDED_PICTOGRAPHIC) }
    private val emoji by lazy { Ranges(EmokitUnicodeTables.EMOJI) }
    private val presentation by lazy { Ranges(EmokitUnicodeTables.EMOJI_PRESENTATION) }
    private val modifier by lazy { Ranges(EmokitUnicodeTables.EMOJI_MODIFIER) }

    /** The Unicode version of the tables. */
    val unicodeVersion: String get() = EmokitUnicodeTables.VERSION

    /** [text]'s extended grapheme clusters, in order (joined, they are [text]). */
    fun graphemes(text: String): List<String> {
        val clusters = ArrayList<String>()
        var start = 0
        var i = 0
        var previous = ' ' // no previous code point
        var regionalRun = 0 // regional indicators in a row, ending at the previous code point
        var pictographicRun = false // the previous code points are ExtPict Extend* (ZWJ)?
        while (i < text.length) {
            val point = text.codePointAt(i)
            val current = breaks.tag(point)
            val isPictographic = pictographic.tag(point) != 'X'
            if (i > 0 && breaksBetween(previous, current, regionalRun, pictographicRun && isPictographic)) {
                clusters.add(text.substring(start, i))
                start = i
            }
            regionalRun = if (current == 'R') regionalRun + 1 else 0
            pictographicRun = when {
                isPictographic -> true
                current == 'E' -> pictographicRun && previous != 'Z'
                current == 'Z' -> pictographicRun && previous != 'Z'
                else -> false
            }
            previous = current
            i += Character.charCount(point)
        }
        if (start < text.length) clusters.add(text.substring(start))
        return clusters
    }

    /** UAX #29's rules GB3-GB999 between two code points' classes (C CR, L LF, O Control, E Extend, Z ZWJ, R RI, P Prepend, S SpacingMark, h v t x y: Hangul L V T LV LVT). */
    private fun breaksBetween(previous: Char, current: Char, regionalRun: Int, zwjPictographic: Boolean): Boolean {
        if (previous == 'C' && current == 'L') return false // GB3
        if (previous == 'C' || previous == 'L' || previous == 'O') return true // GB4
        if (current == 'C' || current == 'L' || current == 'O') return true // GB5
        if (previous == 'h' && (current == 'h' || current == 'v' || current == 'x' || current == 'y')) return false // GB6
        if ((previous == 'x' || previous == 'v') && (current == 'v' || current == 't')) return false // GB7
        if ((previous == 'y' || previous == 't') && current == 't') return false // GB8
        if (current == 'E' || current == 'Z' || current == 'S') return false // GB9, GB9a
        if (previous == 'P') return false // GB9b
        if (previous == 'Z' && zwjPictographic) return false // GB11
        if (previous == 'R' && current == 'R') return regionalRun % 2 == 0 // GB12, GB13
        return true // GB999
    }

    /**
     * Whether a grapheme shows as an emoji (the token spec's rule, Swift's `Character.isEmoji` in
     * emokit's library): its first code point has emoji presentation, or is an emoji made one by
     * U+FE0F, a keycap, a skin tone or a ZWJ.
     */
    fun isEmoji(grapheme: String): Boolean {
        if (grapheme.length == 0) return false
        val first = grapheme.codePointAt(0)
        if (emoji.tag(first) == 'X') return false
        if (presentation.tag(first) != 'X') return true
        var i = Character.charCount(first)
        while (i < grapheme.length) {
            val point = grapheme.codePointAt(i)
            if (point == 0xFE0F || point == 0x20E3 || point == 0x200D || modifier.tag(point) != 'X') return true
            i += Character.charCount(point)
        }
        return false
    }
}
