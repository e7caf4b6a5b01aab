// emokit's Kotlin runtime: the Android view glue over the tested model (EmokitKeyboard.kt).
//
// NOT COMPILED OR TESTED BY EMOKIT: this file needs the Android SDK and AndroidX (ViewPager2,
// RecyclerView), which emokit's test suite does not have. It is a short starting point to read and
// adapt; the model it calls (layout, sprites, segments, deleteBackward, Recent) is compiled and
// tested on the JVM. Delete it if your app draws the keyboard its own way.
package emokit

import android.content.Context
import android.graphics.Bitmap
import android.graphics.BitmapFactory
import android.graphics.Canvas
import android.graphics.Rect
import android.graphics.RectF
import android.os.Handler
import android.os.Looper
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import android.widget.EditText
import androidx.recyclerview.widget.RecyclerView
import androidx.viewpager2.widget.ViewPager2

/** Reads the manifest emokit wrote into res/raw/emokit_manifest.json. */
fun Context.emokitKeyboard(): EmokitKeyboard {
    val id = resources.getIdentifier("emokit_manifest", "raw", packageName)
    return EmokitKeyboard.parse(resources.openRawResource(id).bufferedReader(Charsets.UTF_8).use { it.readText() })
}

/**
 * One page of a tab: draws every key's icon from the page's sheet and sends taps. The sheet is
 * decoded with inScaled = false, so its pixels are the file's and the sprite rects match; the
 * density Android picked is read back from the bitmap (Bitmap.getDensity()).
 */
class EmokitPageView(context: Context, private val keyboard: EmokitKeyboard, private val onKey: (Button) -> Unit) : View(context) {
    private var tab = 0
    private var page = 0
    private var sheet: Bitmap? = null
    private var layout: Layout? = null
    private val dp = resources.displayMetrics.density
    private val repeat = Handler(Looper.getMainLooper())

    fun show(tab: Int, page: Int) {
        this.tab = tab; this.page = page
        val name = keyboard.page(tab, page)?.drawable ?: return
        val id = resources.getIdentifier(name, "drawable", context.packageName)
        sheet = BitmapFactory.decodeResource(resources, id, BitmapFactory.Options().apply { inScaled = false })
        layout = null
        requestLayout(); invalidate()
    }

    override fun onMeasure(widthSpec: Int, heightSpec: Int) {
        setMeasuredDimension(MeasureSpec.getSize(widthSpec), (keyboard.metrics.gridHeight * dp).toInt())
    }

    private fun currentLayout(): Layout? {
        val bitmap = sheet ?: return null
        if (layout == null && width > 0) {
            val density = keyboard.density(bitmap.density) ?: keyboard.density(dp.toDouble())
            layout = keyboard.layout(width / dp.toDouble(), dp.toDouble(), density)
        }
        return layout
    }

    override fun onDraw(canvas: Canvas) {
        val bitmap = sheet ?: return
        for (key in currentLayout()?.page(tab, page) ?: return) {
            val sprite = key.sprite ?: continue
            val icon = key.iconRect ?: continue
            val src = Rect(sprite.x, sprite.y, sprite.x + sprite.width, sprite.y + sprite.height)
            val dst = RectF((icon.x * dp).toFloat(), (icon.y * dp).toFloat(), ((icon.x + icon.width) * dp).toFloat(), ((icon.y + icon.height) * dp).toFloat())
            canvas.drawBitmap(bitmap, src, dst, null)
        }
    }

    override fun onSizeChanged(w: Int, h: Int, oldw: Int, oldh: Int) { layout = null }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        val key = currentLayout()?.keyAt(event.x / dp.toDouble(), event.y / dp.toDouble(), tab, page)
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                if (key == null) return false
                // Delete acts at once and repeats while held; an emoticon is sent when the finger lifts.
                if (key.button.kind == ButtonKind.DELETE) { onKey(key.button); startRepeat(key.button) }
                return true
            }
            MotionEvent.ACTION_UP -> {
                stopRepeat()
                if (key != null && key.button.kind == ButtonKind.EMOTICON) onKey(key.button)
            }
            MotionEvent.ACTION_CANCEL -> stopRepeat()
        }
        return true
    }

    // Delete repeats while held: first after 400 ms, then every 80 ms.
    private var repeater: Runnable? = null
    private fun startRepeat(button: Button) {
        repeater = object : Runnable { override fun run() { onKey(button); repeat.postDelayed(this, 80) } }
        repeat.postDelayed(repeater!!, 400)
    }
    private fun stopRepeat() { repeater?.let { repeat.removeCallbacks(it) }; repeater = null }
}

/**
 * A tab's pages in a ViewPager2; inserts into [input] and deletes with the model's rules. A
 * sticker ([Button.sendsImage]) types nothing: it is recorded in Recent and handed to
 * [onSendImage], which sends the raw resource [Button.image].
 */
class EmokitPagerAdapter(
    private val keyboard: EmokitKeyboard, private val tab: Int, private val input: EditText, private val recent: Recent?,
    private val onSendImage: ((Button) -> Unit)? = null
) : RecyclerView.Adapter<EmokitPagerAdapter.Holder>() {
    class Holder(val view: EmokitPageView) : RecyclerView.ViewHolder(view)

    override fun getItemCount() = keyboard.tabs[tab].pages.size

    override fun onCreateViewHolder(parent: ViewGroup, viewType: Int): Holder {
        val view = EmokitPageView(parent.context, keyboard) { button -> tap(button) }
        view.layoutParams = ViewGroup.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT)
        return Holder(view)
    }

    override fun onBindViewHolder(holder: Holder, position: Int) = holder.view.show(tab, position)

    private fun tap(button: Button) {
        val text = input.text.toString()
        val edit = if (button.kind == ButtonKind.DELETE) {
            keyboard.deleteBackward(text, input.selectionStart, input.selectionEnd)
        } else {
            if (button.sendsImage) { recent?.use(tab, button); onSendImage?.invoke(button); return }
            val insert = button.text ?: return // an image-only entry without a file: crop its sprite to send it
            recent?.use(tab, button)
            val from = minOf(input.selectionStart, input.selectionEnd).coerceAtLeast(0)
            val to = maxOf(input.selectionStart, input.selectionEnd).coerceAtLeast(0)
            Edit(text.substring(0, from) + insert + text.substring(to), from + insert.length)
        }
        input.setText(edit.text)
        input.setSelection(edit.caret)
    }
}

/** Shows tab [tab] in [pager]. */
fun ViewPager2.showEmokitTab(keyboard: EmokitKeyboard, tab: Int, input: EditText, recent: Recent? = null, onSendImage: ((Button) -> Unit)? = null) {
    adapter = EmokitPagerAdapter(keyboard, tab, input, recent, onSendImage)
}
