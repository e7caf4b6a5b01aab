// EmoticonKeyboardUI: the keyboard as a UIKit input view drawn from EmoticonManifest's tested
// EmoticonKeyboardModel. `#if canImport(UIKit)`: empty on Linux, so emokit's own test run never
// compiles it; .github/workflows/ios.yml builds it for iOS on macOS. It decides nothing the model
// decides (keys, edits, pages, Recent, labels, colours): it draws and forwards touches. < 250 lines.
#if canImport(UIKit)
    import UIKit
    import EmoticonManifest

    /// The emoticon keyboard as a `textView.inputView`: the paging grid (each key's sprite cut from its
    /// page's sheet), the page control, the tab bar with Recent, delete (repeating on a long press),
    /// the skin-tone popup and the magnifier. Edits go through `UITextInput.replace(_:withText:)`, so
    /// undo works. `EmoticonKeyboardView.toggle(_:keyboard:)` switches between it and the system keyboard.
    @MainActor
    public final class EmoticonKeyboardView: UIInputView, UIInputViewAudioFeedback, UIScrollViewDelegate {
        /// The model the view draws (tab, page, Recent, layout).
        public private(set) var model: EmoticonKeyboardModel
        /// The text field or view the keyboard types into.
        public weak var textInput: (UIView & UITextInput)?
        private let pages = UIScrollView(), pageControl = UIPageControl(), tabBar = UIScrollView(), popup = UIStackView()
        private var sheets: [SheetReference: CGImage] = [:]
        private var repeatTimer: Timer?

        /// A keyboard over `files` typing into `textInput`; Recent kept in `recentStore` (nil: no Recent tab).
        public init(
            files: EmoticonKeyboardFiles, textInput: (UIView & UITextInput)?, recentStore: RecentEmoticonStore? = UserDefaultsRecentStore(),
            width: CGFloat = 375, screenScale: CGFloat? = nil
        ) throws {
            let scale = Double(screenScale ?? UIScreen.main.scale)
            model = try EmoticonKeyboardModel(files: files, width: Double(width), screenScale: scale, recentStore: recentStore)
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
            pages.addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: #selector(pressed(_:))))
            accessibilityLabel = model.labels.keyboard
            reload()
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("EmoticonKeyboardView is made in code: init(files:textInput:)") }

        /// The keyboard's height for the current width (without the bottom safe-area inset, which UIKit adds).
        public override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(model.height)) }
        /// Input clicks play, as on the system keyboard.
        public var enableInputClicksWhenVisible: Bool { true }

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
            let labels = keyboard.model.labels
            return textView.inputView == nil ? labels.toEmoticonKeyboard : labels.toSystemKeyboard
        }

        // MARK: - Drawing the model

        private func reload() {
            let grid = model.gridFrame, width = CGFloat(model.layout.width)
            pages.frame = grid.cgRect
            for view in pages.subviews { view.removeFromSuperview() }
            for page in 0..<model.pageCount {
                let pageView = UIView(frame: CGRect(x: CGFloat(page) * width, y: 0, width: width, height: CGFloat(grid.height)))
                for key in model.keys(page: page) { pageView.addSubview(keyView(key)) }
                pageView.accessibilityLabel = model.labels.page(page + 1)
                pages.addSubview(pageView)
            }
            pages.contentSize = CGSize(width: width * CGFloat(model.pageCount), height: CGFloat(grid.height))
            pages.contentOffset = CGPoint(x: CGFloat(model.page) * width, y: 0)
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

        private func keyView(_ key: KeyboardKey) -> UIView {
            let view = UIView(frame: key.frame.cgRect)
            view.isAccessibilityElement = true
            view.accessibilityLabel = key.accessibilityLabel
            view.accessibilityTraits = key.isDelete ? [.button, .keyboardKey] : [.keyboardKey]
            guard let icon = key.iconRect?.cgRect.offsetBy(dx: -CGFloat(key.frame.x), dy: -CGFloat(key.frame.y)) else {
                let label = UILabel(frame: view.bounds)
                label.text = key.systemGlyph
                label.textAlignment = .center
                label.font = UIFont.systemFont(ofSize: CGFloat(model.keyboard.manifest.grid.iconSize))
                view.addSubview(label)
                return view
            }
            let image = UIImageView(frame: icon)
            image.image = sprite(key.sheet, key.sprite)
            view.addSubview(image)
            return view
        }

        private func tabButton(_ item: TabBarItem) -> UIButton {
            let button = UIButton(type: .custom)
            button.frame = CGRect(x: CGFloat(item.frame.x), y: 0, width: CGFloat(item.frame.width), height: CGFloat(item.frame.height))
            if let image = sprite(item.icon, item.iconSprite) { button.setImage(image, for: .normal) } else { button.setTitle(item.title, for: .normal) }
            button.setTitleColor(.label, for: .normal)
            button.accessibilityLabel = item.accessibilityLabel
            button.isSelected = item.isSelected
            button.accessibilityTraits = item.isSelected ? [.button, .selected] : .button
            button.addAction(UIAction { [weak self] _ in self?.handle(.selectTab(item.selection)) }, for: .touchUpInside)
            return button
        }

        /// The picture at `sprite` in `sheet` (the whole image set when `sprite` is nil), at the layout's scale.
        private func sprite(_ sheet: SheetReference?, _ sprite: Manifest.PixelRect?) -> UIImage? {
            guard let sheet else { return nil }
            if sheets[sheet] == nil {
                switch sheet {
                case .file(let url): sheets[sheet] = UIImage(contentsOfFile: url.path)?.cgImage
                case .imageSet(let name): sheets[sheet] = UIImage(named: name)?.cgImage
                }
            }
            guard let image = sheets[sheet] else { return nil }
            let scale = CGFloat(model.layout.scale)
            guard let sprite else { return UIImage(cgImage: image, scale: scale, orientation: .up) }
            return image.cropping(to: sprite.cgRect).map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
        }

        private func applyColors() {
            let dark = traitCollection.userInterfaceStyle == .dark
            guard let palette = try? KeyboardPalette(model.keyboard.manifest.colors, dark: dark) else { return }
            backgroundColor = UIColor(palette.background)
            tabBar.backgroundColor = UIColor(palette.tabBarBackground)
            pageControl.pageIndicatorTintColor = UIColor(palette.pageDot)
            pageControl.currentPageIndicatorTintColor = UIColor(palette.currentPageDot)
            for case let button as UIButton in tabBar.subviews { button.backgroundColor = button.isSelected ? UIColor(palette.selectedTab) : .clear }
        }

        // MARK: - Touches to the model, the model's actions to the text

        @objc private func tapped(_ gesture: UITapGestureRecognizer) {
            guard popup.isHidden else { popup.isHidden = true; return }
            let point = gesture.location(in: pages)
            let page = Int((point.x / max(pages.bounds.width, 1)).rounded(.down))
            let x = point.x - CGFloat(page) * pages.bounds.width
            if let action = model.action(atPagePoint: CGPoint(x: x, y: point.y), page: page, gesture: .tap) { handle(action) }
        }

        @objc private func pressed(_ gesture: UILongPressGestureRecognizer) {
            guard gesture.state == .began else {
                if gesture.state != .changed { repeatTimer?.invalidate(); repeatTimer = nil }
                return
            }
            let point = gesture.location(in: pages)
            let x = point.x - CGFloat(model.page) * pages.bounds.width
            if let action = model.action(atPagePoint: CGPoint(x: x, y: point.y), page: model.page, gesture: .longPress) { handle(action) }
        }

        @objc private func repeatDelete() { handle(.delete) }

        private func handle(_ action: KeyboardAction) {
            switch action {
            case .showVariants(_, let choices, let frame): showPopup(choices, over: frame)
            case .showPreview(let emoticon, let frame): showPopup([emoticon], over: frame)
            case .deleteRepeatedly:
                handle(.delete)
                repeatTimer = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: #selector(repeatDelete), userInfo: nil, repeats: true)
            case .insert, .delete, .selectTab:
                let (text, selection) = currentText()
                let tab = model.selectedTab
                if let edit = model.perform(action, text: text, selectedRange: selection) { apply(edit) }
                if model.selectedTab != tab || model.selectedTab == .recent { reload() }
            }
        }

        /// The text input's text and selection in UTF-16 units (after committing marked text, as the
        /// system keyboard does when an emoticon is typed mid-composition).
        private func currentText() -> (String, NSRange) {
            guard let input = textInput else { return ("", NSRange(location: 0, length: 0)) }
            if input.markedTextRange != nil { input.unmarkText() }
            let all = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)
            let text = all.flatMap { input.text(in: $0) } ?? ""
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
            let side = CGFloat(model.keyboard.manifest.grid.iconSize) + 12
            for choice in choices {
                let button = UIButton(type: .custom)
                button.setImage(sprite(model.files.sheet(for: choice, scale: model.layout.scale), choice.sprite(scale: model.layout.scale)), for: .normal)
                if button.image(for: .normal) == nil { button.setTitle(choice.text, for: .normal) }
                button.accessibilityLabel = choice.name
                button.addAction(
                    UIAction { [weak self] _ in
                        self?.popup.isHidden = true; self?.handle(.insert(choice))
                    }, for: .touchUpInside)
                popup.addArrangedSubview(button)
            }
            popup.backgroundColor = .secondarySystemBackground
            popup.layer.cornerRadius = 8
            popup.accessibilityLabel = choices.count > 1 ? model.labels.skinTones : choices.first?.name
            let width = side * CGFloat(choices.count)
            let x = min(max(CGFloat(frame.x + frame.width / 2) - width / 2, 0), bounds.width - width)
            popup.frame = CGRect(x: x, y: max(CGFloat(model.gridFrame.y + frame.y) - side, 0), width: width, height: side)
            popup.distribution = .fillEqually
            popup.isHidden = false
            bringSubviewToFront(popup)
        }

        public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            model.show(page: Int((scrollView.contentOffset.x / max(scrollView.bounds.width, 1)).rounded()))
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
