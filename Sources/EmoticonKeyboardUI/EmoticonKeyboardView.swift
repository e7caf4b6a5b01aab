// EmoticonKeyboardUI, < 250 lines: empty on Linux; .github/workflows/ios.yml builds it for iOS on macOS.
#if canImport(UIKit)
    import UIKit
    import EmoticonManifest

    /// The emoticon keyboard as a `textView.inputView`: the paging grid (each key's sprite cut from its
    /// page's sheet), the page control, the tab bar with Recent, delete (repeating on a long press),
    /// the skin-tone popup and the magnifier. Edits go through `UITextInput.replace(_:withText:)`, so
    /// undo works. `EmoticonKeyboardView.toggle(_:keyboard:)` switches between it and the system keyboard. It decides
    /// nothing `EmoticonKeyboardModel` decides (keys, pages to build, touches, edits, Recent, labels, colours).
    @MainActor
    public final class EmoticonKeyboardView: UIInputView, UIInputViewAudioFeedback, UIScrollViewDelegate {
        /// The model the view draws (tab, page, Recent, layout).
        public private(set) var model: EmoticonKeyboardModel
        /// The text field or view the keyboard types into.
        public weak var textInput: (UIView & UITextInput)?
        /// Called on a tap on a sticker (`Emoticon.sendsImage`) with the file the app sends; nothing is typed.
        public var onSendImage: ((Emoticon, URL?) -> Void)?
        private let pages = UIScrollView(), pageControl = UIPageControl(), tabBar = UIScrollView(), popup = UIStackView()
        private var built: [Int: UIView] = [:], spare: [UIView] = []  // page views in use (`model.pagesToBuild`), and to reuse
        private let sheets = NSCache<NSString, CGImage>()  // decoded, evicted by size (48 MB), emptied on a tab change
        private var repeatTimer: Timer?

        /// A keyboard over `files` typing into `textInput`; Recent kept in `recentStore` (nil: no Recent tab).
        public init(
            files: EmoticonKeyboardFiles, textInput: (UIView & UITextInput)?, recentStore: RecentEmoticonStore? = UserDefaultsRecentStore(),
            width: CGFloat = 375, screenScale: CGFloat? = nil
        ) throws {
            model = try EmoticonKeyboardModel(files: files, width: Double(width), screenScale: Double(screenScale ?? UIScreen.main.scale), recentStore: recentStore)
            self.textInput = textInput
            super.init(frame: CGRect(x: 0, y: 0, width: width, height: CGFloat(model.height)), inputViewStyle: .keyboard)
            allowsSelfSizing = true
            pages.isPagingEnabled = true
            pages.showsHorizontalScrollIndicator = false
            pages.delegate = self
            pageControl.isUserInteractionEnabled = false
            popup.isHidden = true
            for view in [pages, pageControl, tabBar, popup] as [UIView] { addSubview(view) }
            pages.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
            tabBar.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
            pages.addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: #selector(pressed(_:))))
            accessibilityLabel = model.labels.keyboard
            sheets.totalCostLimit = 48 << 20
            reload()
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("EmoticonKeyboardView is made in code: init(files:textInput:)") }

        /// The keyboard's height for the current width (without the bottom safe-area inset, which UIKit adds).
        public override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(model.height)) }
        public var enableInputClicksWhenVisible: Bool { true }  // input clicks play, as on the system keyboard

        public override func layoutSubviews() {
            super.layoutSubviews()
            if bounds.width > 0, abs(Double(bounds.width) - model.layout.width) > 0.25, (try? model.resize(width: Double(bounds.width))) != nil { reload() }
        }

        public override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            super.traitCollectionDidChange(previous)
            applyColors()
        }

        /// Swaps `textView`'s keyboard between `keyboard` and the system's (the compose screen's toggle);
        /// returns the toggle's new VoiceOver label.
        @discardableResult
        public static func toggle(_ textView: UITextView, keyboard: EmoticonKeyboardView) -> String {
            textView.inputView = textView.inputView == nil ? keyboard : nil
            textView.reloadInputViews()
            return textView.inputView == nil ? keyboard.model.labels.toEmoticonKeyboard : keyboard.model.labels.toSystemKeyboard
        }

        /// Draws the model again (a new tab, width or Recent list): the pages in sight are rebuilt.
        private func reload() {
            pages.frame = model.gridFrame.cgRect
            pages.contentSize = CGSize(width: CGFloat(model.scrollOffset(ofPage: model.pageCount)), height: pages.frame.height)
            pages.contentOffset = CGPoint(x: CGFloat(model.scrollOffset(ofPage: model.page)), y: 0)
            buildPages(keepingBuilt: false)  // no page of the last tab or width stays
            pageControl.frame = model.pageControlFrame.cgRect
            pageControl.numberOfPages = model.pageCount
            pageControl.currentPage = model.page
            pageControl.hidesForSinglePage = true
            tabBar.frame = model.tabBarFrame.cgRect
            for view in tabBar.subviews { view.removeFromSuperview() }
            for item in model.tabBarItems { tabBar.addSubview(tabButton(item)) }
            tabBar.contentSize = CGSize(width: model.tabBarItems.last.map { CGFloat($0.frame.x + $0.frame.width) } ?? 0, height: tabBar.frame.height)
            applyColors()
        }

        /// Builds the pages the model asks for at the scroll view's offset (three, however many the tab has), reusing
        /// the views of pages that left and their key views (a label for a system-font emoji, holding an image view for a sprite).
        private func buildPages(keepingBuilt keep: Bool = true) {
            let wanted = model.pagesToBuild(atScrollOffset: Double(pages.contentOffset.x))
            for (page, view) in built where !keep || !wanted.contains(page) { view.removeFromSuperview(); spare.append(view); built[page] = nil }
            for page in wanted where built[page] == nil {
                let view = spare.popLast() ?? UIView()
                view.frame = CGRect(x: CGFloat(model.scrollOffset(ofPage: page)), y: 0, width: pages.bounds.width, height: pages.bounds.height)
                view.accessibilityLabel = model.labels.page(page + 1)
                let keys = model.keys(page: page)
                while view.subviews.count < keys.count { view.addSubview(UILabel()) }
                for case let (index, label as UILabel) in view.subviews.enumerated() {
                    label.isHidden = index >= keys.count
                    if index < keys.count { show(keys[index], in: label) }
                }
                pages.addSubview(view)
                built[page] = view
            }
        }

        private func show(_ key: KeyboardKey, in label: UILabel) {
            label.frame = key.frame.cgRect
            label.accessibilityLabel = key.accessibilityLabel
            label.accessibilityTraits = key.isDelete ? [.button, .keyboardKey] : [.keyboardKey]
            label.text = key.iconRect == nil ? key.systemGlyph : nil
            (label.textAlignment, label.font) = (.center, UIFont.systemFont(ofSize: CGFloat(model.keyboard.manifest.grid.iconSize)))
            if label.subviews.isEmpty { label.addSubview(UIImageView()) }
            guard let image = label.subviews.first as? UIImageView else { return }
            image.frame = key.iconRect?.cgRect.offsetBy(dx: -CGFloat(key.frame.x), dy: -CGFloat(key.frame.y)) ?? .zero
            image.image = sprite(key.sheet, key.sprite)
        }

        private func tabButton(_ item: TabBarItem) -> UIButton {
            let button = UIButton(type: .custom)
            button.frame = CGRect(x: CGFloat(item.frame.x), y: 0, width: CGFloat(item.frame.width), height: CGFloat(item.frame.height))
            if let image = sprite(item.icon, item.iconSprite) { button.setImage(image, for: .normal) } else { button.setTitle(item.title, for: .normal) }
            button.setTitleColor(.label, for: .normal)
            button.accessibilityLabel = item.accessibilityLabel
            button.isSelected = item.isSelected
            button.accessibilityTraits = item.isSelected ? [.button, .selected] : .button
            button.isUserInteractionEnabled = false  // the tab bar's tap goes to the model (`action(at:)`), as the grid's
            return button
        }

        /// The picture at `sprite` in `sheet` (the whole image set when `sprite` is nil), at the layout's scale.
        private func sprite(_ sheet: SheetReference?, _ sprite: Manifest.PixelRect?) -> UIImage? {
            guard let sheet else { return nil }
            let key = "\(sheet)" as NSString
            if sheets.object(forKey: key) == nil {
                let image: CGImage?
                switch sheet {
                case .file(let url): image = UIImage(contentsOfFile: url.path)?.cgImage
                case .imageSet(let name): image = UIImage(named: name)?.cgImage
                }
                if let image { sheets.setObject(image, forKey: key, cost: image.bytesPerRow * image.height) }
            }
            guard let image = sheets.object(forKey: key) else { return nil }
            let scale = CGFloat(model.layout.scale)
            guard let sprite else { return UIImage(cgImage: image, scale: scale, orientation: .up) }
            return image.cropping(to: sprite.cgRect).map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
        }

        private func applyColors() {
            guard let palette = try? KeyboardPalette(model.keyboard.manifest.colors, dark: traitCollection.userInterfaceStyle == .dark) else { return }
            backgroundColor = UIColor(palette.background)
            tabBar.backgroundColor = UIColor(palette.tabBarBackground)
            pageControl.pageIndicatorTintColor = UIColor(palette.pageDot)
            pageControl.currentPageIndicatorTintColor = UIColor(palette.currentPageDot)
            for case let button as UIButton in tabBar.subviews { button.backgroundColor = button.isSelected ? UIColor(palette.selectedTab) : .clear }
        }

        @objc private func tapped(_ gesture: UITapGestureRecognizer) { if popup.isHidden { touched(gesture, .tap) } else { popup.isHidden = true } }

        @objc private func pressed(_ gesture: UILongPressGestureRecognizer) {
            if gesture.state == .began { touched(gesture, .longPress) }
            if gesture.state != .began && gesture.state != .changed { repeatTimer?.invalidate(); repeatTimer = nil }
        }

        /// A touch on the page (or tab) under the finger at the scroll views' offsets: the model's `action(at:)`.
        private func touched(_ gesture: UIGestureRecognizer, _ kind: KeyboardGesture) {
            let offsets = (pages: Double(pages.contentOffset.x), tabBar: Double(tabBar.contentOffset.x))
            if let action = model.action(at: gesture.location(in: self), gesture: kind, pagesScrollOffset: offsets.pages, tabBarScrollOffset: offsets.tabBar) { handle(action) }
        }

        @objc private func repeatDelete() { handle(.delete) }

        private func handle(_ action: KeyboardAction) {
            switch action {
            case .showVariants(_, let choices, let frame): showPopup(choices, over: frame)
            case .showPreview(let emoticon, let frame): showPopup([emoticon], over: frame)
            case .deleteRepeatedly:
                handle(.delete)
                repeatTimer = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: #selector(repeatDelete), userInfo: nil, repeats: true)
            case .insert, .delete, .selectTab, .sendImage:
                popup.isHidden = true
                let (text, selection) = currentText()
                if let edit = model.perform(action, text: text, selectedRange: selection) { apply(edit) }
                if case .sendImage(let emoticon) = action { onSendImage?(emoticon, model.keyboard.imageURL(for: emoticon)) }  // nothing typed
                // A tab (or Recent again, with what was used since) is drawn afresh; Recent's keys stay put while shown.
                if case .selectTab = action { sheets.removeAllObjects(); reload() }
            }
        }

        /// The text input's text and selection in UTF-16 units (after committing marked text, as the
        /// system keyboard does when an emoticon is typed mid-composition).
        private func currentText() -> (String, NSRange) {
            guard let input = textInput else { return ("", NSRange(location: 0, length: 0)) }
            if input.markedTextRange != nil { input.unmarkText() }
            let text = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument).flatMap { input.text(in: $0) } ?? ""
            guard let selected = input.selectedTextRange else { return (text, NSRange(location: text.utf16.count, length: 0)) }
            let start = input.offset(from: input.beginningOfDocument, to: selected.start)
            return (text, NSRange(location: start, length: input.offset(from: selected.start, to: selected.end)))
        }

        private func apply(_ edit: TextEdit) {
            guard let input = textInput, let start = input.position(from: input.beginningOfDocument, offset: edit.range.location),
                let end = input.position(from: start, offset: edit.range.length), let range = input.textRange(from: start, to: end)
            else { return }
            input.replace(range, withText: edit.replacement)
            UIDevice.current.playInputClick()
        }

        private func showPopup(_ choices: [Emoticon], over frame: Manifest.Rect) {
            for view in popup.arrangedSubviews { view.removeFromSuperview() }
            for choice in choices {
                let button = UIButton(type: .custom)
                button.setImage(sprite(model.files.sheet(for: choice, scale: model.layout.scale), choice.sprite(scale: model.layout.scale)), for: .normal)
                if button.image(for: .normal) == nil { button.setTitle(choice.text, for: .normal) }
                button.accessibilityLabel = choice.name
                button.addAction(UIAction { [weak self] _ in self?.handle(.insert(choice)) }, for: .touchUpInside)
                popup.addArrangedSubview(button)
            }
            popup.backgroundColor = .secondarySystemBackground
            popup.layer.cornerRadius = 8
            popup.accessibilityLabel = choices.count > 1 ? model.labels.skinTones : choices.first?.name
            popup.frame = model.popupFrame(over: frame, choices: choices.count).cgRect
            popup.distribution = .fillEqually
            popup.isHidden = false
            bringSubviewToFront(popup)
        }

        public func scrollViewDidScroll(_ scrollView: UIScrollView) { buildPages() }
        public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settled() }
        public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { settled() }
        public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate: Bool) { if !willDecelerate { settled() } }

        /// The grid stopped (also after a slow swipe, which never decelerates): the model shows the page at the offset.
        private func settled() {
            model.scroll(toOffset: Double(pages.contentOffset.x))
            pageControl.currentPage = model.page
        }
    }

    extension UIColor {
        /// The colour of an `RGBAColor` (a `KeyboardPalette` entry).
        public convenience init(_ color: RGBAColor) {
            self.init(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
        }
    }
#endif
