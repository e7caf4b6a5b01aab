// emokit's Kotlin runtime: a small JSON reader for the manifest and Recent (org.json is Android's
// only, and the runtime has no dependency). Pure Kotlin, tested on the JVM with EmokitKeyboard.kt.
package emokit

import kotlin.math.floor

/** A small JSON reader (org.json is Android's only, and the runtime has no dependency): objects, arrays, strings, numbers as Double, true, false, null. */
internal class JsonReader(private val text: String) {
    private var at = 0

    fun parse(): Any? {
        val value = value()
        space()
        if (at != text.length) fail("unexpected text")
        return value
    }

    private fun fail(what: String): Nothing = throw EmokitManifestException("not JSON at character $at: $what")

    private fun space() { while (at < text.length && text[at] in " \t\r\n") at++ }

    private fun value(): Any? {
        space()
        if (at >= text.length) fail("unexpected end")
        return when (text[at]) {
            '{' -> {
                at++
                val map = LinkedHashMap<String, Any?>()
                space()
                if (text.getOrNull(at) == '}') { at++; return map }
                while (true) {
                    space()
                    if (text.getOrNull(at) != '"') fail("expected a key")
                    val key = string()
                    space()
                    if (text.getOrNull(at) != ':') fail("expected ':'")
                    at++
                    map[key] = value()
                    space()
                    when (text.getOrNull(at)) { ',' -> at++; '}' -> { at++; return map }; else -> fail("expected ',' or '}'") }
                }
                @Suppress("UNREACHABLE_CODE") map
            }
            '[' -> {
                at++
                val list = ArrayList<Any?>()
                space()
                if (text.getOrNull(at) == ']') { at++; return list }
                while (true) {
                    list.add(value())
                    space()
                    when (text.getOrNull(at)) { ',' -> at++; ']' -> { at++; return list }; else -> fail("expected ',' or ']'") }
                }
                @Suppress("UNREACHABLE_CODE") list
            }
            '"' -> string()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> number()
        }
    }

    private fun word(word: String, value: Any?): Any? {
        if (!text.startsWith(word, at)) fail("expected a value")
        at += word.length
        return value
    }

    private fun number(): Double {
        val start = at
        while (at < text.length && text[at] in "+-0123456789.eE") at++
        return text.substring(start, at).toDoubleOrNull() ?: fail("expected a value")
    }

    private fun string(): String {
        at++
        val out = StringBuilder()
        while (true) {
            if (at >= text.length) fail("unterminated string")
            val c = text[at++]
            when (c) {
                '"' -> return out.toString()
                '\\' -> {
                    val e = text.getOrNull(at++) ?: fail("unterminated string")
                    when (e) {
                        '"', '\\', '/' -> out.append(e)
                        'b' -> out.append('\b'); 'f' -> out.append('\u000C'); 'n' -> out.append('\n')
                        'r' -> out.append('\r'); 't' -> out.append('\t')
                        'u' -> {
                            if (at + 4 > text.length) fail("bad \\u escape")
                            out.append(text.substring(at, at + 4).toIntOrNull(16)?.toChar() ?: fail("bad \\u escape"))
                            at += 4
                        }
                        else -> fail("bad escape")
                    }
                }
                else -> out.append(c)
            }
        }
    }
}

/** Typed reads of parsed JSON; a wrong or missing value is an [EmokitManifestException] naming its key. */
internal object Json {
    @Suppress("UNCHECKED_CAST")
    fun obj(value: Any?, what: String): Map<String, Any?> = value as? Map<String, Any?> ?: throw EmokitManifestException("$what: expected an object")
    fun list(value: Any?, what: String): List<Any?> = value as? List<Any?> ?: throw EmokitManifestException("$what: expected an array")
    fun str(o: Map<String, Any?>, key: String): String = o[key] as? String ?: throw EmokitManifestException("'$key': expected a string")
    fun num(o: Map<String, Any?>, key: String): Double = o[key] as? Double ?: throw EmokitManifestException("'$key': expected a number")
    fun int(o: Map<String, Any?>, key: String): Int {
        val n = num(o, key)
        if (n != floor(n)) throw EmokitManifestException("'$key': expected a whole number")
        return n.toInt()
    }

    fun quote(text: String): String {
        val out = StringBuilder("\"")
        for (c in text) when {
            c == '"' -> out.append("\\\"")
            c == '\\' -> out.append("\\\\")
            c < ' ' -> out.append(String.format("\\u%04x", c.toInt()))
            else -> out.append(c)
        }
        return out.append('"').toString()
    }
}
