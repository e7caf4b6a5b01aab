import EmoticonManifest
import Imaging
import OutputTransaction

/// An output written from the finished manifests beside the sheets, for the tools around emokit
/// (an Xcode asset catalog, web sprite data). `SiteStep` writes every one a run asks for, in
/// `generate` and in `merge` alike, so a merged site has them too.
///
/// A new platform's output is one type conforming to this, in its own file here, and one row of
/// the settings table that names it (`Setting.output`): the row gives its flag, `--no-` flag,
/// config key and help, records it in the options, and hands it to this step.
package protocol ManifestWriter: Sendable {
    /// `value` is what the row was given (`Stickers` for `--xcassets=Stickers`; empty for an
    /// on/off output such as `--web`); `encoder` is the sheets' own (`--compression`), for
    /// images the writer encodes.
    init(value: String, encoder: PNGEncoder)
    func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError)
}
