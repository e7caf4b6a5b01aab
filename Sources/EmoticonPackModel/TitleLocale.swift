/// Which of a pack's group names titles its tab: YYKit's `group_name_cn` (simplified Chinese),
/// `group_name_tw` (traditional Chinese) or `group_name_en`. The raw value is what `--locale` and
/// the config's `locale` key take.
public enum TitleLocale: String, CaseIterable, Codable, Hashable, Sendable {
    case cn, tw, en

    /// The YYKit plist key holding the group name in this locale.
    public var groupNameKey: String { "group_name_\(rawValue)" }

    /// `cn|tw|en`, for help text and messages.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
