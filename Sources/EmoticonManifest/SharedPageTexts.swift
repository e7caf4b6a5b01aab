import Foundation

/// The text of pages that several manifests share but for where their keys stand. With
/// any-width sheets every width's page has the same sprites, names, variants and sheets: only its
/// buttons' frames change. Each page is then written once, cut where its frames go
/// (`PageJSON.Template`), and every width fills in its own frames: the emoji keyboard's nine
/// manifests are 33 MB of JSON, nearly all of it the same text nine times.
///
/// Pages are kept up to `budget` bytes of text (the widths are written a few at a time, so a page
/// is needed again until the last width has passed it); pages past it are made for each width as
/// before, so a huge keyboard's memory stays flat. Safe to share between threads.
package final class SharedPageTexts: @unchecked Sendable {
    /// Where a button stands at one width: its frame, and its frames by scale when the scales'
    /// differ (`Manifest.Button.frame` and `frames`).
    package struct Frames: Sendable {
        package var frame: Manifest.Rect
        package var frames: [String: Manifest.Rect]?

        package init(frame: Manifest.Rect, frames: [String: Manifest.Rect]?) {
            self.frame = frame
            self.frames = frames
        }
    }

    private struct Key: Hashable {
        let tab: Int, index: Int
    }

    /// Guards `templates` and `kept`.
    private let lock = NSLock()
    /// Each page's template, or nil for a page that has no plain text (made whole every time).
    private var templates: [Key: PageJSON.Template?] = [:]
    private var kept = 0
    private let budget: Int

    /// `budget`: the bytes of page text kept at most (8 MiB: the emoji keyboard's pages are 3.6 MB).
    package init(budget: Int = 8 << 20) {
        self.budget = budget
    }

    /// Page `index` of tab `tab` with its buttons at `frames` (in button order), as
    /// `PagedManifest.writeJSON` writes a page; `make` makes the page (at any of the widths) when
    /// it is not kept yet. Nil when the page has no plain text (`PageJSON`), when `frames` are not
    /// one per button, or when a button has per-scale frames at this width and not at the one the
    /// page was kept from (or the reverse): the caller then makes the page itself.
    package func text(tab: Int, index: Int, frames: [Frames], make: () -> Manifest.Page) -> String? {
        let key = Key(tab: tab, index: index)
        lock.lock()
        let known = templates[key]
        lock.unlock()
        if let known { return known?.text(frames: frames) }
        let page = make()
        lock.lock()
        let room = kept < budget
        lock.unlock()
        // Past the budget the page is written as it is, once, as without sharing.
        guard room else { return PageJSON.text(page, indent: 8, indentFirstLine: true) }
        let template = PageJSON.template(page, indent: 8)
        let size = template?.byteCount ?? 0
        lock.lock()
        if templates[key] == nil, kept + size <= budget {
            templates[key] = .some(template)
            kept += size
        }
        lock.unlock()
        return template?.text(frames: frames)
    }
}
